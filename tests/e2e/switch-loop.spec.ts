/**
 * The one-click switch under load, as a user meets it: a page fetches in a loop (one request at
 * a time, each given 5 s) while the token changes again and again. Every switch's next request
 * must leave from the new exit; none may hang, fail or go direct (issue 34). Figures (how fast)
 * are `npm run bench`'s; this asserts only what happened to the requests.
 */

import type { Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
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
import { backgroundWorker, expect, test } from "./fixtures";
import { createTokens, must, sandboxFor, sandboxPage, sendOk, startEchoServer } from "./harness";

/** A token of another gateway's, added as a line, with an exit of its own. */
async function addedFrom(ext: Page, sb: Sandbox, notIp: readonly string[]): Promise<SwitchTarget> {
  const { line, ip } = await lineWithOwnExit(sb, notIp);
  const added = await sendOk(ext, { type: "addProxies", text: line });
  return { id: must(added.added[0], "added token"), ip };
}

/** A Playwright page's fetch loop. */
const loopOf = (page: Page): LoopPage => ({
  start: (url) => page.evaluate(runFetchLoop, { url, max: 20_000, hungAfterMs: guard(5_000) }),
  read: () => page.evaluate(readFetchLoop),
  sentSince: (since) => page.evaluate(waitForSentSince, since),
  stop: () => page.evaluate(stopFetchLoop),
});

function expectClean(requests: LoopRequest[], switches: Switch[]) {
  console.log(describeCarriedOver(requests, switches));
  expect(switchProblems(requests, switches)).toEqual(NO_SWITCH_PROBLEMS);
}

test("60 switches among three tokens on two gateways while pages fetch in a loop (HTTP and HTTPS): each next request leaves from the new exit; none hangs, fails or goes direct", async ({
  context,
  extensionId,
  sb,
  echo,
}) => {
  test.setTimeout(guard(240_000));
  const other = await sandboxFor();
  const secure = await startEchoServer({ https: true });
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const a = must((await createTokens(ext, "static-traffic", 1))[0], "token A");
    const b = await addedFrom(ext, other, [a.ip, "127.0.0.1"]);
    // Three tokens in turn: a request that left from the token before is told apart from
    // one that left through the next switch's (judgeSwitches).
    const c = await addedFrom(ext, other, [a.ip, b.ip, "127.0.0.1"]);
    await sendOk(ext, { type: "connect", tokenId: a.id });
    const plain = await context.newPage();
    const tls = await context.newPage();
    await plain.goto(echo.url);
    await tls.goto(secure.url);
    const { requests, switches } = await switchUnderLoad(
      (tokenId) => sendOk(ext, { type: "connect", tokenId }),
      [
        { page: loopOf(plain), url: echo.url },
        { page: loopOf(tls), url: secure.url },
      ],
      [b, c, { id: a.id, ip: a.ip }],
      60,
    );
    for (const page of requests) expectClean(page, switches);
    // The switches over, nothing is left listening to every request (page-cost.spec.ts): each
    // answer's outcome was heard, or given up on.
    const worker = await backgroundWorker(context);
    const listening = () =>
      worker.evaluate(() => ({
        headers: chrome.webRequest.onHeadersReceived.hasListeners(),
        completions: chrome.webRequest.onCompleted.hasListeners(),
      }));
    await expect
      .poll(listening, { timeout: guard(30_000) })
      .toEqual({ headers: false, completions: false });
  } finally {
    await secure.close();
    await other.close();
  }
});

for (const withProvider of [true, false]) {
  test(`20 switches between two tokens on one gateway, added as lines, ${withProvider ? "with" : "without"} a provider base URL: each next request leaves from the new exit`, async ({
    context,
    extensionId,
    sb,
    echo,
  }) => {
    test.setTimeout(guard(180_000));
    const ext = await sandboxPage(context, extensionId, sb);
    const one = await addedFrom(ext, sb, ["127.0.0.1"]);
    const two = await addedFrom(ext, sb, ["127.0.0.1", one.ip]);
    if (!withProvider) await sendOk(ext, { type: "patchSettings", patch: { baseUrl: "" } });
    await sendOk(ext, { type: "connect", tokenId: one.id });
    const page = await context.newPage();
    await page.goto(echo.url);
    const { requests, switches } = await switchUnderLoad(
      (tokenId) => sendOk(ext, { type: "connect", tokenId }),
      [{ page: loopOf(page), url: echo.url }],
      [two, one],
      20,
    );
    expectClean(must(requests[0], "requests"), switches);
  });
}
