/**
 * The whole chain from a provider answer to a working proxy, fuzzed: every token answer the
 * API client accepts either becomes a token that is stored, read back unchanged and turned
 * into a proxy config in both browsers, or is turned away with a reason — never a token that
 * storage cannot read (which once made paid tokens vanish).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dynamicTokenSchema, staticTokenSchema } from "../../../lib/api/schemas";
import { chromeProxyConfig, firefoxProxyInfo } from "../../../lib/proxy/config";
import { acceptToken } from "../../../lib/state/accept-token";
import { fromDynamicToken, fromStaticToken, type StoredToken } from "../../../lib/state/tokens";
import { unusableReason } from "../../../lib/state/usable";
import { codecs } from "../../../lib/storage/items";

const NOW = Date.parse("2026-11-23T00:00:00Z");
/**
 * Enough to find each known flaw every time: with the host check removed the property failed
 * after 9 to 1,149 answers in 14 runs of random seeds; with the schema check removed, after 28
 * to 38.
 */
const RUNS = 5_000;
/**
 * The runs are counted, not timed: up to 5 s each on a busy 2-core machine, so the suite's
 * 20 s default could fail them by speed alone. This limit only catches a hang.
 */
const FUZZ_TIMEOUT_MS = 180_000;

const hostish = fc.oneof(
  fc.constantFrom(
    "",
    "gw.example.net",
    "::1",
    "2001:db8::7",
    "198.51.100.7",
    "[::1]",
    "a b",
    "-x-",
    // Names the URL parser reads as IPv4 addresses, or as none.
    "256.0.0.1",
    "example.123",
    "1.2.3.4.5",
    "010.1.1.1",
    "0x7f.1",
  ),
  fc.domain(),
  fc.ipV4(),
  fc.ipV6(),
  fc.string({ maxLength: 300 }),
);
const textish = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 1100 }),
);
const numberish = fc.oneof(
  fc.integer({ min: -5, max: 70_000 }),
  fc.constantFrom(0, 1, 65_535, 65_536, 253_402_300_799, 1e15, Number.MAX_SAFE_INTEGER),
  fc.double(),
);

const staticAnswer = fc.record({
  id: numberish,
  ip: fc.oneof(fc.constant(""), fc.ipV4(), textish),
  host: hostish,
  port: numberish,
  username: textish,
  password: textish,
  expired_on: numberish,
  country: textish,
  state: textish,
  city: textish,
});

const dynamicAnswer = fc.record(
  {
    id: numberish,
    token: textish,
    ip: fc.oneof(fc.constant(""), fc.ipV4(), fc.ipV6(), hostish),
    host: hostish,
    port: numberish,
    username: textish,
    password: textish,
    country: textish,
    city: textish,
    network_type: fc.constantFrom("HTTP", "SOCKS5", "SOCKS4"),
    expire_time: fc.oneof(fc.constant("2027-01-01T00:00:00Z"), textish),
    refresh_url: textish,
    traffic_quota: numberish,
    traffic_used: numberish,
  },
  {
    requiredKeys: [
      "id",
      "token",
      "ip",
      "port",
      "username",
      "password",
      "country",
      "city",
      "network_type",
    ],
  },
);

const STATIC_ANSWER = {
  id: 5,
  ip: "198.51.100.7",
  host: "gw.example.net",
  port: 8000,
  username: "u",
  password: "p",
  expired_on: 1_900_000_000,
  country: "US",
  state: "",
  city: "",
} as const;

/** A dynamic answer with an empty ip and no host: accepted, its address pending. */
const PENDING_ANSWER = {
  id: 7,
  token: "t",
  ip: "",
  port: 9000,
  username: "u",
  password: "p",
  country: "US",
  city: "",
  network_type: "HTTP",
} as const;

/** Stored, read back, and configured: what "usable" must mean. */
function checkAccepted(token: StoredToken) {
  const { write, read } = codecs.tokens;
  const stored = write([token], []);
  expect(read(stored).value).toEqual([token]);
  expect(read(stored).kept).toEqual([]);
  const problem = unusableReason(token, true, NOW);
  if (token.host === "") {
    expect(problem).toEqual({ code: "address-pending" });
    return;
  }
  expect(problem?.code ?? "usable").not.toBe("config-failed");
  // The browser reads the host as this host (an IPv6 address is written out its own way).
  if (!token.host.includes(":"))
    expect(new URL(`http://${token.host}/`).hostname).toBe(token.host.toLowerCase());
  expect(chromeProxyConfig(token, ["<local>"]).rules.singleProxy.host).toBe(token.host);
  expect(firefoxProxyInfo(token).host).toBe(token.host);
}

describe("provider answer → accepted ⇒ stored ⇒ read ⇒ config", () => {
  it(
    `static tokens (${RUNS} answers)`,
    () => {
      let accepted = 0;
      fc.assert(
        fc.property(staticAnswer, (raw) => {
          const parsed = staticTokenSchema.safeParse(raw);
          if (!parsed.success) return;
          const candidate = fromStaticToken(parsed.data, "static-ip", {
            networkType: "HTTP",
            countryCode: "US",
            now: NOW,
          });
          const verdict = acceptToken(candidate);
          if (!verdict.ok) return;
          accepted++;
          checkAccepted(verdict.token);
        }),
        // One answer that is always accepted, so the count below never rests on chance.
        { numRuns: RUNS, examples: [[STATIC_ANSWER]] },
      );
      expect(accepted).toBeGreaterThan(0);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `dynamic tokens, empty ip included (${RUNS} answers)`,
    () => {
      let accepted = 0;
      let pending = 0;
      fc.assert(
        fc.property(dynamicAnswer, (raw) => {
          const parsed = dynamicTokenSchema.safeParse(raw);
          if (!parsed.success) return;
          const candidate = fromDynamicToken(parsed.data, "dynamic-traffic", {
            countryCode: "US",
            now: NOW,
          });
          const verdict = acceptToken(candidate);
          if (!verdict.ok) return;
          accepted++;
          if (verdict.token.host === "") pending++;
          checkAccepted(verdict.token);
        }),
        // Random answers reach "address pending" only now and then (none in 1 of 18 runs of
        // random seeds): this one always takes that path through the whole chain.
        { numRuns: RUNS, examples: [[PENDING_ANSWER]] },
      );
      expect(accepted).toBeGreaterThan(0);
      expect(pending).toBeGreaterThan(0);
    },
    FUZZ_TIMEOUT_MS,
  );

  it("an empty dynamic ip without a host is accepted as address pending, not lost", () => {
    const parsed = dynamicTokenSchema.parse(PENDING_ANSWER);
    const verdict = acceptToken(
      fromDynamicToken(parsed, "dynamic-ip", { countryCode: "US", now: NOW }),
    );
    expect(verdict).toMatchObject({ ok: true, token: { host: "" } });
  });
});
