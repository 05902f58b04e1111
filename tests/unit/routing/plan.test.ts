/**
 * The routing plan: where each route leads in this browser (a spelled proxy, direct, the dead
 * end), failing closed for tokens that cannot carry traffic, and spelling a shared gateway a
 * second way for Chrome, whose login cache is keyed by the host:port as written.
 */
import { describe, expect, it } from "vitest";
import type { Failure } from "../../../lib/base/failure";
import { gatewaySpellings, planRouting } from "../../../lib/routing/plan";
import type { Route, SiteRule } from "../../../lib/routing/rules";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";

const gateway = { host: "127.0.0.1", port: 8000 };
const t1 = makeToken({ id: 1, ...gateway });
const t2 = makeToken({ id: 2, ...gateway });
const t3 = makeToken({ id: 3, ...gateway });
const elsewhere = makeToken({ id: 4, host: "gw.example.net", port: 9000 });
const named1 = makeToken({ id: 5, host: "gw.example.net", port: 9000 });
const expired = makeToken({ id: 6, host: "10.0.0.6", expiresAt: 1 });

const rule = (id: string, route: Route, enabled = true): SiteRule => ({
  id,
  enabled,
  source: { type: "pattern", text: `${id}.test` },
  route,
});
const to = (tokenId: number): Route => ({ kind: "token", tokenId });
const unusable = (token: StoredToken | undefined): Failure | null => {
  if (!token) return { code: "token-missing" };
  return token.expiresAt !== null ? { code: "token-expired" } : null;
};

function plan(rules: SiteRule[], defaultTokenId: number | null, oneLoginPerEndpoint = true) {
  return planRouting({
    rules,
    tokens: [t1, t2, t3, elsewhere, named1, expired],
    defaultTokenId,
    unusable,
    oneLoginPerEndpoint,
  });
}

describe("planRouting", () => {
  it("direct and block routes, the default direct when nothing is connected", () => {
    const p = plan([rule("c", { kind: "direct" }), rule("d", { kind: "block" })], null);
    expect(p.fallback).toEqual({ kind: "direct" });
    expect(p.targetOf({ kind: "direct" })).toEqual({ kind: "direct" });
    expect(p.targetOf({ kind: "block" })).toEqual({ kind: "block", failure: null });
  });

  it("fails closed: a rule's token that is gone or expired blocks, with the reason", () => {
    const p = plan([rule("gone", to(99)), rule("old", to(6))], null);
    expect(p.targetOf(to(99))).toEqual({ kind: "block", failure: { code: "token-missing" } });
    expect(p.targetOf(to(6))).toEqual({ kind: "block", failure: { code: "token-expired" } });
    expect(p.tokenAt("10.0.0.6", 8000)).toBeNull();
  });

  it("only enabled rules are kept, in order", () => {
    const p = plan([rule("a", to(1)), rule("b", to(4), false), rule("c", to(4))], null);
    expect(p.rules.map((r) => r.id)).toEqual(["a", "c"]);
  });

  it("Chrome: the default token keeps the address, a second token on its gateway gets the name, a third is refused", () => {
    const p = plan([rule("b", to(2)), rule("c", to(3))], 1);
    expect(p.fallback).toMatchObject({ kind: "proxy", host: "127.0.0.1", port: 8000 });
    expect(p.targetOf(to(2))).toMatchObject({ kind: "proxy", host: "localhost", port: 8000 });
    expect(p.targetOf(to(3))).toEqual({
      kind: "block",
      failure: { code: "gateway-shared", endpoint: "127.0.0.1:8000" },
    });
    // Each challenge is answered with the login the config wrote there.
    expect(p.tokenAt("127.0.0.1", 8000)?.id).toBe(1);
    expect(p.tokenAt("localhost", 8000)?.id).toBe(2);
    expect(p.tokenAt("LOCALHOST", 8000)?.id).toBe(2);
  });

  it("Chrome: the same token in several rules is spelled once", () => {
    const p = plan([rule("a", to(1)), rule("b", to(1)), rule("c", to(2))], null);
    expect(p.targetOf(to(1))).toMatchObject({ host: "127.0.0.1" });
    expect(p.targetOf(to(2))).toMatchObject({ host: "localhost" });
  });

  it("Chrome: a named gateway's second spelling is its name with the root dot", () => {
    const p = plan([rule("a", to(4)), rule("b", to(5))], null);
    expect(p.targetOf(to(4))).toMatchObject({ kind: "proxy", host: "gw.example.net" });
    expect(p.targetOf(to(5))).toMatchObject({ kind: "proxy", host: "gw.example.net." });
    expect(p.tokenAt("GW.example.net.", 9000)?.id).toBe(5);
    expect(gatewaySpellings("gw.example.net.")).toEqual(["gw.example.net.", "gw.example.net"]);
  });

  it("Chrome: a gateway written as an address other than loopback has no second spelling", () => {
    const a = makeToken({ id: 7, host: "203.0.113.9", port: 8000 });
    const b = makeToken({ id: 8, host: "203.0.113.9", port: 8000 });
    const six = makeToken({ id: 9, host: "2001:db8::9", port: 8000 });
    const p = planRouting({
      rules: [rule("a", to(7)), rule("b", to(8)), rule("c", to(9))],
      tokens: [a, b, six],
      defaultTokenId: null,
      unusable: () => null,
      oneLoginPerEndpoint: true,
    });
    expect(p.targetOf(to(7))).toMatchObject({ kind: "proxy", host: "203.0.113.9" });
    expect(p.targetOf(to(8))).toMatchObject({ kind: "block", failure: { code: "gateway-shared" } });
    expect(gatewaySpellings("2001:db8::9")).toEqual(["2001:db8::9"]);
  });

  it("Firefox: credentials go per request, so tokens share a gateway as written", () => {
    const p = plan([rule("b", to(2)), rule("c", to(3))], 1, false);
    for (const id of [2, 3]) {
      expect(p.targetOf(to(id))).toMatchObject({ kind: "proxy", host: "127.0.0.1" });
    }
  });

  it("Chrome: container rules (Firefox only) neither route nor take a gateway spelling", () => {
    const boxed = { ...rule("box", to(2)), container: "firefox-container-1" };
    const p = plan([boxed, rule("b", to(3))], 1);
    expect(p.rules.map((r) => r.id)).toEqual(["b"]);
    expect(p.targetOf(to(3))).toMatchObject({ kind: "proxy", host: "localhost" });
    expect(plan([boxed], null, false).rules.map((r) => r.id)).toEqual(["box"]);
  });

  it("an unusable default token blocks the traffic no rule takes", () => {
    expect(plan([], 6).fallback).toEqual({ kind: "block", failure: { code: "token-expired" } });
  });
});
