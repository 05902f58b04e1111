/**
 * The one-click switch under load in Firefox ESR, as in tests/e2e/switch-loop.spec.ts: a page
 * fetches in a loop (HTTP, and HTTPS through tunnels) while the token changes 60 times among
 * three tokens on two gateways, then 20 times between two tokens on one gateway added as lines, with and
 * without a provider. Every switch's next request leaves from the new exit; none hangs, fails
 * or goes direct.
 */

import type { Page } from "puppeteer-core";
import { expect, test } from "vitest";
import { type Sandbox, startSandbox } from "../sandbox/index";
import {
  describeCarriedOver,
  type LoopPage,
  type LoopRequest,
  lineWithOwnExit,
  NO_SWITCH_PROBLEMS,
  readFetchLoop,
  runFetchLoop,
  type Switch,
  type SwitchTarget,
  stopFetchLoop,
  switchProblems,
  switchUnderLoad,
  waitForSentSince,
} from "../support/fetch-loop";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, sendOk } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite({ https: true });

const loopOf = (page: Page): LoopPage => ({
  start: (url) => page.evaluate(runFetchLoop, { url, max: 20_000, hungAfterMs: guard(5_000) }),
  read: () => page.evaluate(readFetchLoop),
  sentSince: (since) => page.evaluate(waitForSentSince, since),
  stop: () => page.evaluate(stopFetchLoop),
});

/** A token of another gateway's, added as a line, with an exit of its own. */
async function addedFrom(sb: Sandbox, notIp: readonly string[]): Promise<SwitchTarget> {
  const { line, ip } = await lineWithOwnExit(sb, notIp);
  const added = await sendOk(suite.ext, { type: "addProxies", text: line });
  return { id: must(added.added[0], "added token"), ip };
}

/** Every switch's next request leaves from the new exit, and none hangs, fails or goes direct. */
function expectClean(requests: LoopRequest[], switches: Switch[]) {
  console.log(describeCarriedOver(requests, switches));
  expect(switchProblems(requests, switches)).toEqual(NO_SWITCH_PROBLEMS);
}

const connect = (tokenId: number) => sendOk(suite.ext, { type: "connect", tokenId });

test(
  "60 switches among three tokens on two gateways while pages fetch in a loop (HTTP and HTTPS)",
  async () => {
    const other = await startSandbox({ plan: "enterprise" });
    const tls = await suite.browser.newPage();
    try {
      const a = must((await createTokens(suite.ext, "static-traffic", 1))[0], "token A");
      const b = await addedFrom(other, [a.ip, "127.0.0.1"]);
      // Three in turn, as in Chromium: the token before is told apart from the next one.
      const c = await addedFrom(other, [a.ip, b.ip, "127.0.0.1"]);
      await sendOk(suite.ext, { type: "connect", tokenId: a.id });
      await suite.site.goto(suite.echo.url);
      await tls.goto(suite.secure.url);
      const { requests, switches } = await switchUnderLoad(
        connect,
        [
          { page: loopOf(suite.site), url: suite.echo.url },
          { page: loopOf(tls), url: suite.secure.url },
        ],
        [b, c, { id: a.id, ip: a.ip }],
        60,
      );
      for (const page of requests) expectClean(page, switches);
    } finally {
      await tls.close();
      await other.close();
    }
  },
  guard(240_000),
);

for (const withProvider of [true, false]) {
  test(
    `20 switches between two tokens on one gateway, added as lines, ${withProvider ? "with" : "without"} a provider base URL`,
    async () => {
      const one = await addedFrom(suite.sb, ["127.0.0.1"]);
      const two = await addedFrom(suite.sb, ["127.0.0.1", one.ip]);
      await sendOk(suite.ext, {
        type: "patchSettings",
        patch: { baseUrl: withProvider ? suite.sb.baseUrl : "" },
      });
      await connect(one.id);
      await suite.site.goto(suite.echo.url);
      const { requests, switches } = await switchUnderLoad(
        connect,
        [{ page: loopOf(suite.site), url: suite.echo.url }],
        [two, one],
        20,
      );
      expectClean(must(requests[0], "requests"), switches);
    },
    guard(180_000),
  );
}
