/**
 * The one-click switch under load, as a user meets it: a page fetches in a loop (one request at
 * a time, each given 5 s) while the token changes again and again. Every switch's next request
 * must leave from the new exit; none may hang, fail or go direct (issue 34). Figures (how fast)
 * are `npm run bench`'s; this asserts only what happened to the requests.
 */
import type { Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import {
  judgeSwitches,
  type LoopRequest,
  readFetchLoop,
  runFetchLoop,
  stopFetchLoop,
} from "../support/fetch-loop";
import { expect, test } from "./fixtures";
import {
  buyElsewhere,
  createTokens,
  type extensionPage,
  must,
  sandboxFor,
  sandboxPage,
  send,
  sendOk,
  startEchoServer,
} from "./harness";

type Ext = Awaited<ReturnType<typeof extensionPage>>;
interface Target {
  id: number;
  ip: string;
}

/** A token bought from another provider's gateway, added as a line, with an exit of its own. */
async function addedFrom(ext: Ext, sb: Sandbox, notIp: readonly string[]): Promise<Target> {
  for (let tries = 0; tries < 6; tries++) {
    const bought = await buyElsewhere(sb);
    if (notIp.includes(bought.ip)) continue;
    const line = `${bought.host}:${bought.port}:${bought.username}:${bought.password}`;
    const added = await sendOk(ext, { type: "addProxies", text: line });
    return { id: must(added.added[0], "added token"), ip: bought.ip };
  }
  throw new Error("no token with an exit of its own");
}

/**
 * Switches `rounds` times between the targets while each page runs its loop; the connect is
 * sent as the popup sends it. Returns every page's requests and the switches.
 */
async function switchUnderLoad(
  ext: Ext,
  pages: Page[],
  urls: string[],
  targets: Target[],
  rounds: number,
) {
  for (const [i, page] of pages.entries())
    await page.evaluate(runFetchLoop, { url: must(urls[i], "url"), max: 20_000 });
  const switches: { from: string; to: string; startedAt: number; repliedAt: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const from = must(targets[(i + targets.length - 1) % targets.length], "from");
    const to = must(targets[i % targets.length], "to");
    const startedAt = Date.now();
    // Without a provider the exit check cannot run: the switch itself is what counts.
    await send(ext, { type: "connect", tokenId: to.id });
    const repliedAt = Date.now();
    switches.push({ from: from.ip, to: to.ip, startedAt, repliedAt });
    // Each loop shows a request sent after the reply come back before the next switch.
    for (const page of pages) {
      await expect
        .poll(
          async () =>
            (await page.evaluate(readFetchLoop)).some((r: LoopRequest) => r.sent >= repliedAt),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
    }
  }
  const requests = [];
  for (const page of pages) requests.push(await page.evaluate(stopFetchLoop));
  return { requests, switches };
}

function expectClean(requests: LoopRequest[], switches: Parameters<typeof judgeSwitches>[1]) {
  const verdict = judgeSwitches(requests, switches, "127.0.0.1");
  expect(verdict.hung, "requests with no answer in 5 s").toEqual([]);
  expect(verdict.failed, "requests that failed").toEqual([]);
  expect(verdict.direct, "requests that went direct").toEqual([]);
  expect(verdict.stale, "requests after a switch that left from another exit").toEqual([]);
  expect(verdict.firstAfter).toEqual(switches.map((s) => s.to));
}

test("60 switches between tokens on two gateways while pages fetch in a loop (HTTP and HTTPS): each next request leaves from the new exit; none hangs, fails or goes direct", async ({
  context,
  extensionId,
  sb,
  echo,
}) => {
  test.setTimeout(240_000);
  const other = await sandboxFor();
  const secure = await startEchoServer({ https: true });
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const a = must((await createTokens(ext, "static-traffic", 1))[0], "token A");
    const b = await addedFrom(ext, other, [a.ip, "127.0.0.1"]);
    await sendOk(ext, { type: "connect", tokenId: a.id });
    const plain = await context.newPage();
    const tls = await context.newPage();
    await plain.goto(echo.url);
    await tls.goto(secure.url);
    const { requests, switches } = await switchUnderLoad(
      ext,
      [plain, tls],
      [echo.url, secure.url],
      [
        { id: b.id, ip: b.ip },
        { id: a.id, ip: a.ip },
      ],
      60,
    );
    for (const page of requests) expectClean(page, switches);
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
    test.setTimeout(180_000);
    const ext = await sandboxPage(context, extensionId, sb);
    const one = await addedFrom(ext, sb, ["127.0.0.1"]);
    const two = await addedFrom(ext, sb, ["127.0.0.1", one.ip]);
    if (!withProvider) await sendOk(ext, { type: "patchSettings", patch: { baseUrl: "" } });
    await send(ext, { type: "connect", tokenId: one.id });
    const page = await context.newPage();
    await page.goto(echo.url);
    const { requests, switches } = await switchUnderLoad(ext, [page], [echo.url], [two, one], 20);
    expectClean(must(requests[0], "requests"), switches);
  });
}
