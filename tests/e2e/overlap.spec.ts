/**
 * Fifty commands at once through the real background, against the sandbox: creates, deletes,
 * restores, connects, Offs, Disconnects, lookups and exit checks overlap in the worker's state store. Afterwards
 * storage holds every token the provider has, once, on the side (list or trash) the provider
 * says, and nothing unreadable.
 */
import type { Sandbox } from "../sandbox/index";
import { expect, test } from "./fixtures";
import { control, createTokens, sandboxPage, send, sendOk, storedTokens } from "./harness";

let sb: Sandbox;
// The test's own sandbox (fixtures.ts), kept for this file's helpers.
test.beforeEach(({ sb: sandbox }) => {
  sb = sandbox;
});

interface SandboxToken {
  id: number;
  status: string;
}

async function providerTokens(): Promise<SandboxToken[]> {
  const response = await fetch(`${sb.baseUrl}/__sandbox/state`);
  return ((await response.json()) as { tokens: SandboxToken[] }).tokens;
}

test("50 overlapping commands lose no token and duplicate none", async ({
  context,
  extensionId,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const seeded = await createTokens(ext, "static-traffic", 10);
  const ids = seeded.map((t) => t.id);
  await sendOk(ext, { type: "deleteTokens", tokenIds: ids.slice(0, 5) });

  // Every answer comes 200 ms late, so purchases are still on the wire when a connect switches
  // tokens (which drops the gateway's connections, through which the API calls go here).
  await control(sb, "faults", { delay_ms: 200, count: 60 });
  const pick = (i: number) => ids[(i * 7) % ids.length] ?? ids[0] ?? 0;
  const commands = Array.from({ length: 50 }, (_, i) => {
    // Every eighth leaves the token (Off, Disconnect): a proxy change as a switch is.
    if (i % 8 === 7) return send(ext, { type: i % 16 === 7 ? "off" : "disconnect" });
    switch (i % 6) {
      case 0:
        return send(ext, {
          type: "createTokens",
          kind: "static-traffic",
          params: { number: 1, country_id: 1, network_type: "HTTP" },
          countryCode: "US",
        });
      case 1:
        return send(ext, { type: "deleteTokens", tokenIds: [pick(i)] });
      case 2:
        return send(ext, { type: "restoreTokens", tokenIds: [pick(i)] });
      case 3:
        return send(ext, { type: "connect", tokenId: pick(i) });
      case 4:
        return send(ext, { type: "regions", level: "countries", query: { page: i } });
      default:
        return send(ext, { type: "checkExitIp" });
    }
  });
  const replies = await Promise.all(commands);
  // Every command answered (a failure is an answer: e.g. connecting a token in the trash).
  expect(replies.every((r) => typeof r.ok === "boolean")).toBe(true);
  // None met a proxy's question left unanswered: a connect never applies a token that a
  // delete it waited for moved to the trash (every run did before), and a late challenge
  // to a removed token's gateway is cancelled, not left asking.
  // Nor did a delete go out through the token it deleted (its gateway refuses a deleted
  // token's login: the answer, and every repeat, met the proxy's question instead).
  const asked = replies.filter((r) => !r.ok && /407|proxy-asked/.test(JSON.stringify(r.failure)));
  expect(asked).toEqual([]);

  const provider = await providerTokens();
  const listed = (await storedTokens(ext)).map((t) => t.id);
  const trashed = await ext.evaluate(async () => {
    const { trash } = await chrome.storage.local.get("trash");
    return ((trash ?? []) as { token: { id: number } }[]).map((e) => e.token.id);
  });
  expect([...listed, ...trashed].sort((a, b) => a - b)).toEqual(
    provider.map((t) => t.id).sort((a, b) => a - b),
  );
  for (const token of provider) {
    expect(token.status === "deleted" ? trashed : listed, `token ${token.id}`).toContain(token.id);
  }
  // A purchase sent while another is on the wire is refused (it would pay twice); every other
  // one bought exactly one token.
  const purchases = replies.filter((_, i) => i % 6 === 0 && i % 8 !== 7);
  const refused = purchases.filter((r) => !r.ok);
  expect(refused.map((r) => JSON.stringify(r))).toEqual(
    refused.map(() => JSON.stringify({ ok: false, failure: { code: "purchase-on-wire" } })),
  );
  // The first is on the wire while the switches come (each waits for it: engine.ts).
  expect(purchases.length - refused.length).toBeGreaterThan(0);
  expect(provider.length).toBe(10 + purchases.length - refused.length);
});
