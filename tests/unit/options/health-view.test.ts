/** Options' "Token health", the pure part: order, words, waiting, and "the rest". */
import { describe, expect, it } from "vitest";
import type { HealthOutcome, HealthResults, HealthRun } from "../../../lib/health/health";
import { healthStrings, healthTranslate } from "../../../lib/i18n/health-strings";
import {
  exitWords,
  gatewayUser,
  outcomeMark,
  outcomeSentence,
} from "../../../lib/i18n/health-words";
import { placeholderNames } from "../../../lib/i18n/plural";
import {
  endedWords,
  healthRows,
  theRest,
  tokenName,
  waitingWords,
  waitSeconds,
} from "../../../lib/options/health-view";
import { catalogOf } from "../catalogs";
import { makeToken } from "../stored-token";

const t = healthTranslate("en");
const zh = healthTranslate("zh_CN");
const at = 1_000;
const ok = (latencyMs: number, exitIp: string | null = null): HealthOutcome => ({
  kind: "ok",
  latencyMs,
  exitIp,
});
const run = (over: Partial<HealthRun> = {}): HealthRun => ({
  worker: "w1",
  startedAt: 500,
  total: 5,
  done: 2,
  state: "running",
  waitingUntil: null,
  ...over,
});

const tokens = [1, 2, 3, 4, 5, 6].map((id) => makeToken({ id }));
const results: HealthResults = {
  1: { at, outcome: { kind: "login-refused" } },
  2: { at, outcome: ok(300) },
  3: { at, outcome: { kind: "not-checked", why: "socks-in-chrome" } },
  4: { at, outcome: ok(40) },
  6: { at, outcome: { kind: "unreachable", error: "net::ERR_PROXY_CONNECTION_FAILED" } },
};
const ids = (sort: "fastest" | "result" | "id") =>
  healthRows(tokens, results, sort).map((row) => row.token.id);

describe("the health table's order", () => {
  it("fastest first: working tokens by latency, then failures, not checked, never checked", () => {
    expect(ids("fastest")).toEqual([4, 2, 1, 6, 3, 5]);
  });
  it("by result: working, refused, unreachable, not checked, never checked; ties by number", () => {
    expect(ids("result")).toEqual([2, 4, 1, 6, 3, 5]);
  });
  it("by number", () => {
    expect(ids("id")).toEqual([1, 2, 3, 4, 5, 6]);
    expect(healthRows([...tokens].reverse(), results, "id").map((r) => r.token.id)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });
  it("keeps each row's result beside its token", () => {
    const [first] = healthRows(tokens, results, "fastest");
    expect(first?.health?.outcome).toEqual(ok(40));
  });
});

describe("results in words", () => {
  it("says each outcome exactly", () => {
    expect(outcomeSentence(ok(41.6), t)).toBe("Works: 42 ms");
    expect(outcomeSentence({ kind: "login-refused" }, t)).toBe(
      "Login refused: the gateway did not accept this token's password",
    );
    expect(
      outcomeSentence({ kind: "unreachable", error: "net::ERR_PROXY_CONNECTION_FAILED" }, t),
    ).toBe("Gateway not answering (net::ERR_PROXY_CONNECTION_FAILED)");
    expect(outcomeSentence({ kind: "timeout", afterMs: 10_000 }, t)).toBe("No answer within 10 s");
    expect(outcomeSentence({ kind: "failed", error: "net::ERR_FAILED" }, t)).toBe(
      "Failed: net::ERR_FAILED",
    );
    expect(outcomeSentence({ kind: "not-checked", why: "socks-in-chrome" }, t)).toBe(
      "Not checked: Chrome cannot sign in to SOCKS5 proxies",
    );
    expect(outcomeSentence({ kind: "not-checked", why: "gateway-in-use" }, t, 7)).toBe(
      "Not checked: in Chrome every address of this token's gateway holds another token's login (#7), and Chrome lets go of a login only by closing every open connection, yours included. Connect to this token to check it, or check it in Firefox.",
    );
  });
  it("gives the popup's short marks", () => {
    expect(outcomeMark(ok(42), t)).toBe("42 ms");
    expect(outcomeMark({ kind: "login-refused" }, t)).toBe("login refused");
    expect(outcomeMark({ kind: "unreachable", error: "x" }, t)).toBe("gateway down");
    expect(outcomeMark({ kind: "timeout", afterMs: 1 }, t)).toBe("no answer");
    expect(outcomeMark({ kind: "not-checked", why: "gateway-in-use" }, t)).toBe("not checked");
    expect(outcomeMark({ kind: "login-refused" }, zh)).toBe("登录被拒");
  });
  it("says why an exit IP is missing only for a working token", () => {
    expect(exitWords(ok(1, "203.0.113.9"), t)).toBe("203.0.113.9");
    expect(exitWords(ok(1, null), t)).toBe("not learned in Chrome without moving your traffic");
    expect(exitWords({ kind: "login-refused" }, t)).toBe("");
  });
  it("names the token whose traffic holds the gateway, under either spelling", () => {
    const token = makeToken({ id: 3, host: "127.0.0.1", port: 9000 });
    expect(gatewayUser(token, { "localhost:9000": 8 })).toBe(8);
    expect(gatewayUser(token, { "127.0.0.1:9000": 3, "localhost:9000": 9 })).toBe(9);
    expect(gatewayUser(token, { "127.0.0.1:9001": 8 })).toBeNull();
  });
  it("names a token by number, the user's name, country, kind and address", () => {
    const token = makeToken({ id: 12, kind: "static-traffic", host: "gw.test", port: 9 });
    expect(tokenName(token, t)).toBe("#12 · United States · Static traffic · gw.test:9");
    // The provider's token string is not the user's name; a look's name is.
    const named = { ...token, name: "STR-1", look: { name: "Shop", colour: "" } };
    expect(tokenName(named, t)).toBe("#12 Shop · United States · Static traffic · gw.test:9");
  });
  it("translates every key with the same placeholders", () => {
    const names = placeholderNames;
    for (const [key, english] of Object.entries(healthStrings.en)) {
      const chinese = catalogOf("zh_CN").health?.[key];
      expect(chinese, key).toBeTypeOf("string");
      expect(names(chinese ?? ""), key).toEqual(names(english));
    }
  });
});

describe("the run's lines", () => {
  it("counts down the rate limit's wait in whole seconds, only while it is ahead", () => {
    expect(waitSeconds(run({ waitingUntil: 5_001 }), 1_000)).toBe(5);
    expect(waitSeconds(run({ waitingUntil: 1_000 }), 1_000)).toBeNull();
    expect(waitSeconds(run({ waitingUntil: null }), 1_000)).toBeNull();
    expect(waitSeconds(run({ state: "cancelled", waitingUntil: 9_000 }), 1_000)).toBeNull();
    expect(waitingWords(12, "free", t)).toBe(
      "Waiting for the provider's rate limit (your plan: Free, 100 requests a minute): resumes in 12 s",
    );
    expect(waitingWords(3, "basic", t)).toContain("Basic, 1,000 requests a minute");
    expect(waitingWords(3, "enterprise", t)).toContain("Enterprise, no limit");
  });
  it("says how a run ended", () => {
    expect(endedWords(run(), t)).toBeNull();
    expect(endedWords(run({ state: "stopped" }), t)).toBe(
      "The check stopped when the browser stopped the background: 2 of 5 checked.",
    );
    expect(endedWords(run({ state: "cancelled" }), t)).toBe(
      "The check was cancelled: 2 of 5 checked.",
    );
    expect(endedWords(run({ state: "done", done: 5 }), t)).toBe("Checked 5 of 5.");
  });
  it("the rest: tokens with no result newer than the run's start", () => {
    const mixed: HealthResults = {
      1: { at: 400, outcome: ok(5) }, // an older run's
      2: { at: 500, outcome: { kind: "not-checked", why: "socks-in-chrome" } }, // said at start
      3: { at: 900, outcome: { kind: "login-refused" } },
    };
    expect(theRest(tokens.slice(0, 4), mixed, { startedAt: 500 })).toEqual([1, 4]);
  });
});
