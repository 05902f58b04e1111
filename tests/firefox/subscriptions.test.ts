/**
 * Rule lists by URL in Firefox ESR, served by the sandbox over HTTPS: Firefox routes the list's
 * own request alone, so "direct" is direct even while a token is connected (the sandbox sees
 * 127.0.0.1), and "through a token" exits at that token's address; the routes follow each new
 * list at once, a gateway asking the token's login again during a fetch is answered, and a
 * failed update keeps the last good copy.
 */
import { expect, test } from "vitest";
import type { ListFetch } from "../sandbox/rule-lists";
import { askAgain } from "../support/gateway-moods";
import { control, gatewayLog } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, exitOfPageLoad, sendOk } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

const serve = (name: string, body: Record<string, unknown>) =>
  control(suite.sb, `lists/${name}`, { status: 200, content_type: "text/plain", ...body });
async function lastFetch(name: string): Promise<ListFetch | undefined> {
  const res = await fetch(`${suite.sb.baseUrl}/__sandbox/list-log`);
  const { fetches } = (await res.json()) as { fetches: ListFetch[] };
  return fetches.filter((f) => f.name === name).at(-1);
}

test("direct is direct while a token is connected; through a token exits there; routes follow", async () => {
  const [a, b] = await createTokens(suite.ext, "static-traffic", 2);
  if (!a || !b) throw new Error("two tokens");
  await sendOk(suite.ext, { type: "connect", tokenId: a.id });
  const port = new URL(suite.echo.url).port;
  const byName = `http://localhost:${port}/`;
  const byAddress = `http://127.0.0.1:${port}/`;

  await serve("f", { text: "||localhost\n" });
  const direct = await sendOk(suite.ext, {
    type: "subscribeRuleList",
    name: "F",
    url: `${suite.sb.listsUrl}/f`,
    via: { kind: "direct" },
    everyHours: 24,
    route: { kind: "token", tokenId: b.id },
  });
  if (!direct.subscribed) throw new Error(JSON.stringify(direct));
  expect((await lastFetch("f"))?.remoteAddress).toBe("127.0.0.1");
  expect(await exitOfPageLoad(suite.site, byName)).toBe(b.ip);
  expect(await exitOfPageLoad(suite.site, byAddress)).toBe(a.ip);

  await serve("g", { text: "||example.test\n" });
  const through = await sendOk(suite.ext, {
    type: "subscribeRuleList",
    name: "G",
    url: `${suite.sb.listsUrl}/g`,
    via: { kind: "token", tokenId: b.id },
    everyHours: 24,
    route: { kind: "block" },
  });
  if (!through.subscribed) throw new Error(JSON.stringify(through));
  expect((await lastFetch("g"))?.remoteAddress).toBe(b.ip);

  // B's gateway asks B's login again (its session ended) at B's next request: a list fetched
  // through B on a new tunnel (the list server by a `.test` name; a fetch of G again would
  // reuse G's tunnel, where no gateway can ask). Answered with B's login, the list lands.
  await askAgain(suite.sb, "next-request", b.username);
  await serve("h", { text: "||other.test\n" });
  const asked = await sendOk(suite.ext, {
    type: "subscribeRuleList",
    name: "H",
    url: `${suite.sb.listsUrl.replace("127.0.0.1", "lists.test")}/h`,
    via: { kind: "token", tokenId: b.id },
    everyHours: 24,
    route: { kind: "block" },
  });
  if (!asked.subscribed) throw new Error(JSON.stringify(asked));
  expect((await lastFetch("h"))?.remoteAddress).toBe(b.ip);
  const ofB = (await gatewayLog(suite.sb)).filter((e) => e.username === b.username);
  expect(ofB.some((e) => e.reason?.startsWith("Proxy session expired"))).toBe(true);
  expect(ofB.filter((e) => e.result === "refused")).toEqual([]);

  // A new list: the routes follow at once.
  await serve("f", { text: "||127.0.0.1\n" });
  expect(await sendOk(suite.ext, { type: "updateRuleList", ruleId: direct.ruleId })).toEqual({
    kind: "changed",
    added: 1,
    removed: 1,
  });
  expect(await exitOfPageLoad(suite.site, byAddress)).toBe(b.ip);
  expect(await exitOfPageLoad(suite.site, byName)).toBe(a.ip);

  // A failed update keeps it, and says so.
  await serve("f", { status: 500 });
  expect(await sendOk(suite.ext, { type: "updateRuleList", ruleId: direct.ruleId })).toMatchObject({
    kind: "failed",
    state: { problem: { reason: "status", detail: "500" } },
  });
  expect(await exitOfPageLoad(suite.site, byAddress)).toBe(b.ip);
});
