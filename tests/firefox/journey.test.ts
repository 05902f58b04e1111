/**
 * The core journey in Firefox ESR: HTTP token, SOCKS5 token (Firefox signs in to SOCKS5 through
 * proxy.onRequest), then direct again. Run with `npx vitest run --config vitest.firefox.config.ts`
 * after `npm run build`.
 */

import { expect, test } from "vitest";
import { guard } from "../support/pace";
import {
  assertPrerequisites,
  createTokens,
  exitOfPageLoad,
  gatewayLog,
  proxyStatus,
  sendOk,
  storedTokens,
} from "./firefox";
import { firefoxSuite } from "./suite";

// At load, so a missing Firefox or build fails the run loudly instead of skipping its tests.
assertPrerequisites();
const suite = firefoxSuite({ https: true });

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`);
  return value;
}

test("before connecting, pages go out direct", async () => {
  const { echo, site: page } = suite;
  expect(await exitOfPageLoad(page, must(echo, "echo").url)).toBe("127.0.0.1");
});

test("HTTP token: the exit check and pages leave from the token's IP, the 407 answered", async () => {
  const { sb, echo, ext, site: page } = suite;
  const server = must(sb, "sandbox");
  const token = must((await createTokens(ext, "static-ip", 1))[0], "HTTP token");
  expect(token.ip).toBe(""); // assigned later; filled from the exit check
  await fetch(`${server.baseUrl}/__sandbox/gateway-log/clear`, { method: "POST" });

  await sendOk(ext, { type: "connect", tokenId: token.id });
  const stored = must(
    (await storedTokens(ext)).find((t) => t.id === token.id),
    "stored token",
  );
  expect(stored.ip).toMatch(/^127\./);
  expect(stored.ip).not.toBe("127.0.0.1");
  const status = await proxyStatus(ext);
  expect(status.state).toBe("connected");
  expect(status.exitIp?.ip).toBe(stored.ip);
  expect(await exitOfPageLoad(page, must(echo, "echo").url)).toBe(stored.ip);

  // The extension writes the token's Proxy-Authorization on the requests it sees and answers the
  // gateway's 407 for the rest (no login dialog, which would have left the page load hanging):
  // every request signed in as this token, none refused.
  const events = (await gatewayLog(server)).filter((e) => e.gateway === "http");
  expect(events.filter((e) => e.result === "refused")).toEqual([]);
  const answered = events.filter((e) => e.result === "ok");
  expect(answered.length).toBeGreaterThan(0);
  expect(new Set(answered.map((e) => e.username))).toEqual(new Set([token.username]));
});

test("SOCKS5 token: Firefox signs in through proxy.onRequest and exits from its IP", async () => {
  const { sb, echo, ext, site: page } = suite;
  const server = must(sb, "sandbox");
  const token = must((await createTokens(ext, "static-traffic", 1, "SOCKS5"))[0], "SOCKS5 token");
  expect(token.networkType).toBe("SOCKS5");
  expect(token.ip).toMatch(/^127\./);
  await fetch(`${server.baseUrl}/__sandbox/gateway-log/clear`, { method: "POST" });

  await sendOk(ext, { type: "connect", tokenId: token.id });
  const status = await proxyStatus(ext);
  expect(status.state).toBe("connected");
  expect(status.tokenId).toBe(token.id);
  expect(status.exitIp?.ip).toBe(token.ip);
  expect(await exitOfPageLoad(page, must(echo, "echo").url)).toBe(token.ip);

  const events = (await gatewayLog(server)).filter((e) => e.gateway === "socks5");
  expect(events.length).toBeGreaterThan(0);
  expect(events.filter((e) => e.result !== "ok")).toEqual([]);
});

test("two HTTP tokens on one gateway: switching A → B → A moves the exit every time", async () => {
  const { sb, echo, secure: httpsEcho, ext, site: page } = suite;
  const server = must(sb, "sandbox");
  const plain = must(echo, "echo");
  const secure = must(httpsEcho, "HTTPS echo");
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const tokenA = must(a, "token A");
  const tokenB = must(b, "token B");
  // One gateway host:port, so Firefox's cached proxy login would serve both.
  expect(`${tokenB.host}:${tokenB.port}`).toBe(`${tokenA.host}:${tokenA.port}`);
  expect(tokenB.ip).not.toBe(tokenA.ip);
  const securePort = new URL(secure.url).port;

  for (const [step, token] of [tokenA, tokenB, tokenA].entries()) {
    await fetch(`${server.baseUrl}/__sandbox/gateway-log/clear`, { method: "POST" });
    await sendOk(ext, { type: "connect", tokenId: token.id });
    const status = await proxyStatus(ext);
    expect(status.state).toBe("connected");
    expect(status.tokenId).toBe(token.id);
    expect(status.exitIp?.ip).toBe(token.ip);
    expect(await exitOfPageLoad(page, plain.url)).toBe(token.ip);
    expect(await exitOfPageLoad(page, secure.url)).toBe(token.ip);

    // The exit check, the pages and the HTTPS page's CONNECT all signed in as this token (back
    // on A, Firefox may reuse A's still-open tunnel: no new CONNECT, and the right exit).
    const toUs = (await gatewayLog(server)).filter(
      (e) => e.gateway === "http" && /^127\.0\.0\.1:/.test(e.target),
    );
    if (step < 2) expect(toUs.map((e) => e.target)).toContain(`127.0.0.1:${securePort}`);
    expect(new Set(toUs.map((e) => e.username))).toEqual(new Set([token.username]));
  }
  // The credentials went to the gateway only, never to the sites behind it.
  expect(plain.proxyAuthorizationSeen).toEqual([]);
  expect(secure.proxyAuthorizationSeen).toEqual([]);
});

test("a gateway that stops answering: Firefox reports it, the status says the proxy is unreachable", async () => {
  const { echo, ext, site: page } = suite;
  const site = must(echo, "echo");
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  expect((await proxyStatus(ext)).state).toBe("connected");
  // The token's gateway moves to a port where nothing listens (as if it went down).
  await ext.evaluate(async (id) => {
    const { tokens } = await chrome.storage.local.get("tokens");
    const moved = (tokens as { id: number; port: number }[]).map((t) =>
      t.id === id ? { ...t, port: 9 } : t,
    );
    await chrome.storage.local.set({ tokens: moved });
  }, token.id);
  // The engine takes the moved port on its own time: load until a load fails through it.
  await expect
    .poll(
      () =>
        page.goto(`${site.url}?down=1`).then(
          () => "loaded",
          () => "failed",
        ),
      { timeout: guard(15_000) },
    )
    .toBe("failed");
  // The engine blames the token only after its own check through it fails too: wait for that
  // verification (about a second here, longer on a busy machine), not vitest's 1 s default.
  await expect
    .poll(async () => (await proxyStatus(ext)).error?.failure.code, { timeout: guard(15_000) })
    .toBe("proxy-unreachable");
  expect((await proxyStatus(ext)).state).toBe("error");
  // The API is reached through the (down) proxy too: the user goes direct to carry on.
  await sendOk(ext, { type: "disconnect" });
});

test("a connected token deleted elsewhere: Firefox blocks pages (fail closed), nothing reaches the site", async () => {
  const { echo, ext, site: page } = suite;
  const site = must(echo, "echo");
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  expect(await exitOfPageLoad(page, site.url)).toBe(token.ip);
  // Gone from storage behind the engine's back (another tool, a damaged sync).
  await ext.evaluate(async (id) => {
    const { tokens } = await chrome.storage.local.get("tokens");
    const kept = (tokens as { id: number }[]).filter((t) => t.id !== id);
    await chrome.storage.local.set({ tokens: kept });
  }, token.id);
  await expect
    .poll(async () => (await proxyStatus(ext)).state, { timeout: guard(10_000) })
    .toBe("blocked");
  const before = site.requestsFrom.length;
  const outcome = await page.goto(`${site.url}?blocked=1`).then(
    (response) => `status ${response?.status()}`,
    (error: Error) => `failed: ${error.message}`,
  );
  expect(outcome).toMatch(/^failed/);
  expect(site.requestsFrom.length).toBe(before);
});

test("disconnect: the exit check and pages go out direct again", async () => {
  const { echo, ext, site: page } = suite;
  await sendOk(ext, { type: "disconnect" });
  const status = await proxyStatus(ext);
  expect(status.state).toBe("direct");
  expect(status.exitIp?.ip).toBe("127.0.0.1");
  expect(await exitOfPageLoad(page, must(echo, "echo").url)).toBe("127.0.0.1");
});
