/**
 * Rule lists by URL in real Chromium, served by the sandbox over HTTPS (`lists.test`, a name
 * the browser and the sandbox's gateway both map to loopback): the first fetch, a 304, a changed
 * list, a 500, HTML instead of rules, a 50 MB answer, a redirect to http, each as written in
 * the issue; routes follow each new list at once; a worker stop during an update loses nothing.
 * Where a list request came from is read at the sandbox: 127.0.0.1 direct, a token's own exit
 * address through its gateway.
 */

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { SiteRule } from "../../lib/routing/rules";
import type { SubscriptionStatus } from "../../lib/subscriptions/status";
import type { Sandbox } from "../sandbox/index";
import type { ListFetch } from "../sandbox/rule-lists";
import { askAgain } from "../support/gateway-moods";
import { guard } from "../support/pace";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import {
  control,
  createTokens,
  exitOfSite,
  extensionPage,
  gatewayLog,
  must,
  openOptions,
  sandboxPage,
  send,
  sendOk,
  TEST_NAMES,
  watchWorker,
} from "./harness";

const extensionId = unpackedExtensionId(extensionPath);
/**
 * The sandbox serves its lists with a self-signed certificate. Playwright's ignoreHTTPSErrors
 * covers pages, not the extension's service worker: its fetch failed ("Failed to fetch").
 */
const IGNORE_CERTIFICATES = "--ignore-certificate-errors";

const listUrl = (sb: Sandbox, name: string) =>
  `https://lists.test:${new URL(sb.listsUrl).port}/lists/${name}`;
const serveList = (sb: Sandbox, name: string, body: Record<string, unknown>) =>
  control(sb, `lists/${name}`, {
    status: 200,
    delay_ms: 0,
    pad_bytes: 0,
    content_type: "text/plain; charset=utf-8",
    ...body,
  });
async function listLog(sb: Sandbox): Promise<ListFetch[]> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/list-log`);
  return ((await res.json()) as { fetches: ListFetch[] }).fetches;
}

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

test("a list by URL: first fetch, 304, a change, and every failure keeps the last good copy", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const context = await launchWithExtension(userDataDir, [TEST_NAMES, IGNORE_CERTIFICATES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await serveList(sb, "a", { text: "[AutoProxy 0.2.9]\n! a comment\n||alpha.test\n" });

    const subscribed = await sendOk(ext, {
      type: "subscribeRuleList",
      name: "Team list",
      url: listUrl(sb, "a"),
      via: { kind: "direct" },
      everyHours: 24,
      route: { kind: "token", tokenId: token.id },
    });
    if (!subscribed.subscribed) throw new Error(`not subscribed: ${JSON.stringify(subscribed)}`);
    const id = subscribed.ruleId;
    // One rule line: the `[AutoProxy]` header is no rule, as the rule's row counts it.
    expect(subscribed.lines).toBe(1);
    // Disconnected: the list's sites go through the token, the rest direct.
    expect(await exitOfSite(context, echo, "alpha.test")).toBe(token.ip);
    expect(await exitOfSite(context, echo, "beta.test")).toBe("127.0.0.1");

    // Unchanged: asked with its validators, answered 304, nothing rewritten.
    expect(await sendOk(ext, { type: "updateRuleList", ruleId: id })).toEqual({
      kind: "unchanged",
    });
    const conditional = (await listLog(sb)).at(-1);
    expect(conditional?.status).toBe(304);
    expect(conditional?.ifNoneMatch).toMatch(/^"[0-9a-f]{40}"$/);

    // Changed: the routes follow at once, no restart.
    await serveList(sb, "a", { text: "[AutoProxy 0.2.9]\n||beta.test\n||gamma.test\n" });
    expect(await sendOk(ext, { type: "updateRuleList", ruleId: id })).toEqual({
      kind: "changed",
      added: 2,
      removed: 1,
    });
    expect(await exitOfSite(context, echo, "beta.test")).toBe(token.ip);
    expect(await exitOfSite(context, echo, "alpha.test")).toBe("127.0.0.1");
    const good = await linesOf(ext, id);

    // Each failure: the last good copy stays in force, and the state says when and why.
    const failures: [Record<string, unknown>, string, string | undefined][] = [
      [{ status: 500 }, "status", "500"],
      [
        { text: "<!doctype html><html><body>Sign in</body></html>", content_type: "text/html" },
        "html",
        undefined,
      ],
      [
        { text: "||delta.test\n", pad_bytes: 50 * 1024 * 1024 },
        "too-large",
        String(5 * 1024 * 1024),
      ],
      [
        { redirect_to: `http://lists.test:${new URL(sb.baseUrl).port}/lists/plain` },
        "insecure-redirect",
        "http://lists.test",
      ],
      [{ text: "! only a comment\n" }, "unusable", "only-comments"],
    ];
    // Where the redirect leads: a good list, over plain http (Chromium follows it; the list is refused).
    await serveList(sb, "plain", { text: "||zeta.test\n" });
    for (const [answer, reason, detail] of failures) {
      await serveList(sb, "a", { redirect_to: null, ...answer });
      const outcome = await sendOk(ext, { type: "updateRuleList", ruleId: id });
      expect(outcome.kind, reason).toBe("failed");
      const state = (await stored(ext)).status[id];
      expect(state?.problem?.reason, JSON.stringify(state)).toBe(reason);
      if (detail) expect(state?.problem?.detail).toContain(detail);
      expect(await linesOf(ext, id)).toEqual(good);
      expect(await exitOfSite(context, echo, "beta.test")).toBe(token.ip);
    }

    // Options says it: the copy in force kept, why, and Update now brings the next good list.
    const options = await openOptions(context, extensionId, "site-rules");
    const row = options.locator(`[data-rule-id="${id}"]`);
    await expect(row.locator(".rule-sub-status")).toContainText("stays in force");
    await expect(row.locator(".rule-sub-status")).toContainText("no line that would send");
    await expect(row).toContainText("+2 / −1 lines");
    await serveList(sb, "a", { text: "||gamma.test\n||epsilon.test\n" });
    await row.getByRole("button", { name: "Update now: rule 1 (Team list)" }).click();
    await expect(row.getByRole("status")).toHaveText("“Team list” updated: +1 / −2 lines.");
    await expect(row.locator(".rule-sub-status")).toContainText("Checked");
    expect(await exitOfSite(context, echo, "epsilon.test")).toBe(token.ip);
    expect(await exitOfSite(context, echo, "beta.test")).toBe("127.0.0.1");

    // The form: a second list, blocked, fetched at once and added after the first.
    await serveList(sb, "ui", { text: "||ui.test\n" });
    await options.locator("#rules-subscribe summary").click();
    await options.locator("#rules-sub-url").fill(listUrl(sb, "ui"));
    await options.locator("#rules-sub-name").fill("UI list");
    await options.locator("#rules-sub-route").selectOption("block");
    await options.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(options.locator("#rules-sub-status")).toHaveText(
      "Subscribed to “UI list” (lines in force: 1), added as rule 2.",
    );
    expect(await exitOfSite(context, echo, "ui.test")).toBe("blocked");
    // A list that cannot be used is not added, and the form says why.
    await serveList(sb, "ui", { status: 404 });
    await options.locator("#rules-sub-url").fill(listUrl(sb, "ui"));
    await options.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(options.locator("#rules-sub-status")).toHaveText(
      "The list was not added: the server answered HTTP 404.",
    );
    await expect(options.locator(".rule-row")).toHaveCount(2);
    const axe = await new AxeBuilder({ page: options }).include("#site-rules").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a list fetched through a token exits there; a worker stop during an update loses nothing; a browser restart keeps it", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  let context = await launchWithExtension(userDataDir, [TEST_NAMES, IGNORE_CERTIFICATES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const [a, b] = await createTokens(ext, "static-traffic", 2);
    const tokenA = must(a, "token A");
    const tokenB = must(b, "token B");
    await serveList(sb, "b", { text: "||alpha.test\n" });
    const subscribed = await sendOk(ext, {
      type: "subscribeRuleList",
      name: "Through B",
      url: listUrl(sb, "b"),
      via: { kind: "token", tokenId: tokenB.id },
      everyHours: 24,
      route: { kind: "block" },
    });
    if (!subscribed.subscribed) throw new Error(`not subscribed: ${JSON.stringify(subscribed)}`);
    expect((await listLog(sb)).at(-1)?.remoteAddress).toBe(tokenB.ip);

    // Connected to A: the list still comes through B, and A is connected again after it.
    await sendOk(ext, { type: "connect", tokenId: tokenA.id });
    await serveList(sb, "b", { text: "||alpha.test\n||beta.test\n" });
    await sendOk(ext, { type: "updateRuleList", ruleId: subscribed.ruleId });
    expect((await listLog(sb)).at(-1)?.remoteAddress).toBe(tokenB.ip);
    // The list's host went through B only while the fetch ran: A carries it again.
    expect(await exitOfSite(context, echo, "lists.test")).toBe(tokenA.ip);
    expect(await exitOfSite(context, echo, "alpha.test")).toBe("blocked");

    // B's gateway asks B's login again (its session ended) as the next fetch goes out: the
    // question is answered with B's login at the spelling the fetch uses, and the list lands.
    // (A switch no longer closes every connection: when the fetch rides B's tunnel still open
    // from the last one, the gateway sees no request to ask; whichever, nothing is refused.)
    await askAgain(sb, "next-request", tokenB.username);
    await serveList(sb, "b", { text: "||alpha.test\n||beta.test\n||zeta.test\n" });
    await sendOk(ext, { type: "updateRuleList", ruleId: subscribed.ruleId });
    expect(await linesOf(ext, subscribed.ruleId)).toContain("||zeta.test");
    expect((await listLog(sb)).at(-1)?.remoteAddress).toBe(tokenB.ip);
    const ofB = (await gatewayLog(sb)).filter((e) => e.username === tokenB.username);
    expect(ofB.filter((e) => e.result === "refused")).toEqual([]);

    // A page on its way through A (held at the gateway) while B's fetch writes B at the
    // gateway's other spelling for a moment: the page still arrives, through A.
    await control(sb, "gateway/token", { token_id: tokenA.id, slow_ms: 2_000 });
    const slowPage = exitOfSite(context, echo, "slow.test");
    await expect
      .poll(async () =>
        (await gatewayLog(sb)).some(
          (e) => e.username === tokenA.username && e.target.startsWith("slow.test"),
        ),
      )
      .toBe(true);
    await serveList(sb, "b", { text: "||alpha.test\n||beta.test\n||delta.test\n" });
    await sendOk(ext, { type: "updateRuleList", ruleId: subscribed.ruleId });
    expect(await slowPage).toBe(tokenA.ip);
    await control(sb, "gateway/token", { token_id: tokenA.id, slow_ms: 0 });

    // A slow update, and the worker stopped in the middle of it.
    await serveList(sb, "b", { text: "||gamma.test\n", delay_ms: 6_000 });
    void send(ext, { type: "updateRuleList", ruleId: subscribed.ruleId }).catch(() => undefined);
    await expect
      .poll(async () => (await stored(ext)).status[subscribed.ruleId]?.startedAt ?? 0)
      .toBeGreaterThan(0);
    const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
    await worker.sleep();
    // The copy in force is the last good one, whole.
    expect(await linesOf(ext, subscribed.ruleId)).toEqual([
      "||alpha.test",
      "||beta.test",
      "||delta.test",
    ]);
    // The next wake fetches it again (due: the cut-off update never ended), and it lands.
    await serveList(sb, "b", { delay_ms: 0 });
    await sendOk(ext, { type: "routeOf", url: "http://example.test/" });
    await expect
      .poll(() => linesOf(ext, subscribed.ruleId), { timeout: guard(20_000) })
      .toEqual(["||gamma.test"]);
    const state = (await stored(ext)).status[subscribed.ruleId];
    expect(state?.startedAt).toBeUndefined();
    expect(state?.problem).toBeUndefined();

    // Browser restart: the list in force and its route come back from storage.
    await context.close();
    context = await launchWithExtension(userDataDir, [TEST_NAMES, IGNORE_CERTIFICATES]);
    await extensionPage(context, extensionId);
    await expect.poll(() => exitOfSite(context, echo, "gamma.test")).toBe("blocked");
    expect(await exitOfSite(context, echo, "alpha.test")).toBe(tokenA.ip);
  } finally {
    await context.close();
  }
});
