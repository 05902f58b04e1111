/**
 * Every redirect hop of a list fetch in Firefox ESR: the background's request is watched hop by
 * hop (webRequest.onBeforeRedirect; a fetch with redirect "manual" is opaque here too), so a
 * list behind https → http → https is refused at its http hop and the last good copy stays in
 * force; https → https is followed. The sandbox serves the lists over HTTPS (its list host) and
 * plain HTTP (its API port).
 */
import { expect, test } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import type { SubscriptionStatus } from "../../lib/subscriptions/status";
import { control } from "../support/sandbox-session";
import { assertPrerequisites, exitOfPageLoad, sendOk } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

const serve = (name: string, body: Record<string, unknown>) =>
  control(suite.sb, `lists/${name}`, { status: 200, redirect_to: null, ...body });
const secure = (name: string) => `${suite.sb.listsUrl}/${name}`;
const plain = (name: string) => `${suite.sb.baseUrl}/lists/${name}`;

const stored = () =>
  suite.ext.evaluate(async () => {
    const local = await browser.storage.local.get(["siteRules", "subscriptionStatus"]);
    const raw = local.siteRules;
    return {
      rules: (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as SiteRule[],
      status: (local.subscriptionStatus ?? {}) as SubscriptionStatus,
    };
  });

test("a list behind https → http → https is refused at its http hop; the last good copy stays; https → https is followed", async () => {
  const port = new URL(suite.echo.url).port;
  const site = `http://localhost:${port}/`;
  await serve("r", { text: "||localhost\n" });
  const subscribed = await sendOk(suite.ext, {
    type: "subscribeRuleList",
    name: "Hops",
    url: secure("r"),
    via: { kind: "direct" },
    everyHours: 24,
    route: { kind: "block" },
  });
  if (!subscribed.subscribed) throw new Error(JSON.stringify(subscribed));
  const id = subscribed.ruleId;
  await expect(exitOfPageLoad(suite.site, site)).rejects.toThrow();

  // https → plain http → https: the end is https, the middle hop is not.
  await serve("final", { text: "||other.test\n" });
  await serve("hop", { redirect_to: secure("final") });
  await serve("r", { redirect_to: plain("hop") });
  const outcome = await sendOk(suite.ext, { type: "updateRuleList", ruleId: id });
  expect(outcome).toMatchObject({
    kind: "failed",
    state: { problem: { reason: "insecure-redirect", detail: plain("hop") } },
  });
  const rule = (await stored()).rules.find((r) => r.id === id);
  expect(rule?.source.type === "list" && rule.source.lines).toEqual(["||localhost"]);
  // The last good copy still blocks: the site sees no request.
  const hits = suite.echo.requestsFrom.length;
  await expect(exitOfPageLoad(suite.site, site)).rejects.toThrow();
  expect(suite.echo.requestsFrom.length).toBe(hits);

  // A redirect that stays on https brings the list.
  await serve("r", { redirect_to: secure("final") });
  expect(await sendOk(suite.ext, { type: "updateRuleList", ruleId: id })).toEqual({
    kind: "changed",
    added: 1,
    removed: 1,
  });
  expect(await exitOfPageLoad(suite.site, site)).toBe("127.0.0.1");
});
