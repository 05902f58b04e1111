import { describe, expect, it } from "vitest";
import { type AuthChallenge, decideAuth, recordAnswer } from "../../../lib/proxy/auth";
import { makeToken } from "../stored-token";

const active = makeToken({ host: "gw.example.net", port: 8000, username: "u1", password: "p1" });
const v6 = makeToken({ host: "2001:db8::7", port: 3128, username: "u6", password: "p6" });

const challenge = (
  host: string,
  port: number,
  overrides: Partial<AuthChallenge> = {},
): AuthChallenge => ({ requestId: "42", isProxy: true, challenger: { host, port }, ...overrides });

describe("decideAuth", () => {
  it.each([
    {
      name: "website 401 (isProxy false) from the very host of the token",
      challenge: challenge("gw.example.net", 8000, { isProxy: false }),
      token: active,
      earlier: 0,
      expected: { action: "ignore", reason: "not-a-proxy" },
    },
    {
      name: "website 401 with no token",
      challenge: challenge("site.example", 443, { isProxy: false }),
      token: null,
      earlier: 0,
      expected: { action: "ignore", reason: "not-a-proxy" },
    },
    {
      name: "proxy challenge but no active token",
      challenge: challenge("gw.example.net", 8000),
      token: null,
      earlier: 0,
      expected: { action: "ignore", reason: "no-active-token" },
    },
    {
      name: "another proxy host",
      challenge: challenge("other.example.net", 8000),
      token: active,
      earlier: 0,
      expected: { action: "ignore", reason: "other-proxy" },
    },
    {
      name: "same host, another port",
      challenge: challenge("gw.example.net", 8001),
      token: active,
      earlier: 0,
      expected: { action: "ignore", reason: "other-proxy" },
    },
    {
      name: "a host that only contains the token's host",
      challenge: challenge("evil-gw.example.net", 8000),
      token: active,
      earlier: 0,
      expected: { action: "ignore", reason: "other-proxy" },
    },
    {
      name: "another proxy is ignored even on a repeat challenge",
      challenge: challenge("other.example.net", 8000),
      token: active,
      earlier: 1,
      expected: { action: "ignore", reason: "other-proxy" },
    },
    {
      name: "first challenge from our proxy",
      challenge: challenge("gw.example.net", 8000),
      token: active,
      earlier: 0,
      expected: { action: "answer", username: "u1", password: "p1" },
    },
    {
      name: "host compared case-insensitively",
      challenge: challenge("GW.Example.NET", 8000),
      token: active,
      earlier: 0,
      expected: { action: "answer", username: "u1", password: "p1" },
    },
    {
      name: "IPv6 challenger in brackets vs bare stored address",
      challenge: challenge("[2001:DB8::7]", 3128),
      token: v6,
      earlier: 0,
      expected: { action: "answer", username: "u6", password: "p6" },
    },
    {
      name: "IPv6 challenger without brackets",
      challenge: challenge("2001:db8::7", 3128),
      token: v6,
      earlier: 0,
      expected: { action: "answer", username: "u6", password: "p6" },
    },
    {
      name: "IPv6 challenger on another port",
      challenge: challenge("[2001:db8::7]", 3129),
      token: v6,
      earlier: 0,
      expected: { action: "ignore", reason: "other-proxy" },
    },
    {
      name: "second challenge for the same request",
      challenge: challenge("gw.example.net", 8000),
      token: active,
      earlier: 1,
      expected: { action: "strike", reason: "asked-after-our-answer" },
    },
    {
      name: "third challenge for the same request",
      challenge: challenge("gw.example.net", 8000),
      token: active,
      earlier: 2,
      expected: { action: "strike", reason: "asked-after-our-answer" },
    },
  ])("$name", ({ challenge, token, earlier, expected }) => {
    expect(decideAuth(challenge, token, earlier)).toEqual(expected);
  });

  it("never hands credentials to a website 401, whatever else matches", () => {
    for (const earlier of [0, 1]) {
      const decision = decideAuth(
        challenge("gw.example.net", 8000, { isProxy: false }),
        active,
        earlier,
      );
      expect(decision).not.toHaveProperty("password");
    }
  });

  it("answer then strike across a request's lifetime, using recordAnswer as the record", () => {
    let attempts: Record<string, number> = {};
    const c = challenge("gw.example.net", 8000, { requestId: "r-7" });
    const first = decideAuth(c, active, attempts["r-7"] ? 1 : 0);
    expect(first.action).toBe("answer");
    attempts = recordAnswer(attempts, "r-7", 1_000);
    expect(decideAuth(c, active, attempts["r-7"] ? 1 : 0)).toEqual({
      action: "strike",
      reason: "asked-after-our-answer",
    });
    // Another request still gets answered.
    const other = { ...c, requestId: "r-8" };
    expect(decideAuth(other, active, attempts["r-8"] ? 1 : 0).action).toBe("answer");
  });
});

describe("recordAnswer", () => {
  const maxAge = 5 * 60_000;

  it("adds the request at now", () => {
    expect(recordAnswer({}, "1", 1000)).toEqual({ "1": 1000 });
  });

  it("does not mutate its input", () => {
    const before = { a: 1 };
    recordAnswer(before, "b", 2);
    expect(before).toEqual({ a: 1 });
  });

  it.each([
    { name: "fresh entry kept", at: 1_000_000 - 1, kept: true },
    { name: "entry just inside maxAge kept", at: 1_000_000 - maxAge + 1, kept: true },
    { name: "entry exactly maxAge old pruned", at: 1_000_000 - maxAge, kept: false },
    { name: "old entry pruned", at: 0, kept: false },
  ])("$name", ({ at, kept }) => {
    const next = recordAnswer({ old: at }, "new", 1_000_000);
    expect("old" in next).toBe(kept);
    expect(next.new).toBe(1_000_000);
  });

  it("honours a custom maxAge", () => {
    const next = recordAnswer({ a: 90, b: 50 }, "c", 100, 20);
    expect(next).toEqual({ a: 90, c: 100 });
  });

  it("keeps at most ~200 entries, the most recent ones, across a long session", () => {
    let attempts: Record<string, number> = {};
    for (let i = 0; i < 1000; i++) attempts = recordAnswer(attempts, `req-${i}`, 10_000 + i);
    const keys = Object.keys(attempts);
    expect(keys.length).toBeGreaterThanOrEqual(200);
    expect(keys.length).toBeLessThanOrEqual(201);
    expect(attempts["req-999"]).toBe(10_999);
    expect(attempts["req-998"]).toBe(10_998);
    expect(attempts["req-0"]).toBeUndefined();
    expect(attempts["req-700"]).toBeUndefined();
  });

  it("numeric request ids (as browsers send them) keep the newest too", () => {
    let attempts: Record<string, number> = {};
    for (let i = 1; i <= 500; i++) attempts = recordAnswer(attempts, String(i), i);
    expect(Object.keys(attempts).length).toBeLessThanOrEqual(201);
    expect(attempts["500"]).toBe(500);
    expect(attempts["1"]).toBeUndefined();
  });

  it("prunes old entries even when far below the size cap", () => {
    const next = recordAnswer({ a: 0, b: 1, c: 2 }, "d", maxAge + 10);
    expect(next).toEqual({ d: maxAge + 10 });
  });
});
