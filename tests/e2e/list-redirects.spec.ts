/**
 * Every redirect hop of a list fetch, in real Chromium: a list behind https → http → https is
 * refused (the plain-http hop is where anyone on the way could rewrite it, even though the
 * chain ends on https), the user is told which hop, and the last good copy stays in force; an
 * https → https redirect still brings the list. The sandbox serves the same lists over HTTPS
 * (its list host) and plain HTTP (its API port), both as `lists.test`.
 */

import type { Page } from "@playwright/test";
import type { SiteRule } from "../../lib/routing/rules";
import type { SubscriptionStatus } from "../../lib/subscriptions/status";
import type { Sandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import { control, exitOfSite, openOptions, sandboxPage, sendOk, TEST_NAMES } from "./harness";

const extensionId = unpackedExtensionId(extensionPath);

const secure = (sb: Sandbox, name: string) =>
  `https://lists.test:${new URL(sb.listsUrl).port}/lists/${name}`;
const plain = (sb: Sandbox, name: string) =>
  `http://lists.test:${new URL(sb.baseUrl).port}/lists/${name}`;
const serveList = (sb: Sandbox, name: string, body: Record<string, unknown>) =>
  control(sb, `lists/${name}`, { status: 200, redirect_to: null, ...body });

const stored = (ext: Page) =>
  ext.evaluate(async () => {
    const local = await chrome.storage.local.get(["siteRules", "subscriptionStatus"]);
    const raw = local.siteRules;
    return {
      rules: (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as SiteRule[],
      status: (local.subscriptionStatus ?? {}) as SubscriptionStatus,
    };
  });
const linesOf = async (ext: Page, id: string) => {
  const rule = (await stored(ext)).rules.find((r) => r.id === id);
  return rule?.source.type === "list" ? rule.source.lines : null;
};

test("a list behind https → http → https is refused, with the hop named; the last good copy stays; https → https is followed", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(90_000));
  // The sandbox's list host has a self-signed certificate (see subscriptions.spec.ts).
  const context = await launchWithExtension(userDataDir, [
    TEST_NAMES,
    "--ignore-certificate-errors",
  ]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    await serveList(sb, "r", { text: "||alpha.test\n" });
    const subscribed = await sendOk(ext, {
      type: "subscribeRuleList",
      name: "Hops",
      url: secure(sb, "r"),
      via: { kind: "direct" },
      everyHours: 24,
      route: { kind: "block" },
    });
    if (!subscribed.subscribed) throw new Error(`not subscribed: ${JSON.stringify(subscribed)}`);
    const id = subscribed.ruleId;
    expect(await exitOfSite(context, echo, "alpha.test")).toBe("blocked");

    // The list now goes https → http → https: the last address is https, the middle one not.
    await serveList(sb, "final", { text: "||beta.test\n" });
    await serveList(sb, "hop", { redirect_to: secure(sb, "final") });
    await serveList(sb, "r", { redirect_to: plain(sb, "hop") });
    const outcome = await sendOk(ext, { type: "updateRuleList", ruleId: id });
    expect(outcome.kind).toBe("failed");
    const state = (await stored(ext)).status[id];
    expect(state?.problem?.reason, JSON.stringify(state)).toBe("insecure-redirect");
    expect(state?.problem?.detail).toBe(plain(sb, "hop"));
    // The last good copy stays in force: alpha blocked, beta not (0 hits of alpha at the site).
    expect(await linesOf(ext, id)).toEqual(["||alpha.test"]);
    const before = echo.requestsFrom.length;
    expect(await exitOfSite(context, echo, "alpha.test")).toBe("blocked");
    expect(echo.requestsFrom.length).toBe(before);
    expect(await exitOfSite(context, echo, "beta.test")).toBe("127.0.0.1");

    // The user sees why, and which address.
    const options = await openOptions(context, extensionId, "site-rules");
    await expect(options.locator(`[data-rule-id="${id}"] .rule-sub-status`)).toContainText(
      `redirected to an address that is not https (${plain(sb, "hop")})`,
    );

    // A redirect that stays on https brings the list.
    await serveList(sb, "r", { redirect_to: secure(sb, "final") });
    expect(await sendOk(ext, { type: "updateRuleList", ruleId: id })).toEqual({
      kind: "changed",
      added: 1,
      removed: 1,
    });
    expect(await exitOfSite(context, echo, "beta.test")).toBe("blocked");
  } finally {
    await context.close();
  }
});
