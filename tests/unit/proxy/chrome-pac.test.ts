/**
 * Chrome's site-rule config: the generated PAC script run in a bare JavaScript context (as
 * Chrome's PAC runtime runs it), with the routing plan's spellings, the dead end for blocked
 * routes, the user's bypass entries going direct first, then the provider's host.
 */
import { describe, expect, it } from "vitest";
import { chromePacConfig, pacResult } from "../../../lib/proxy/chrome-pac";
import { planRouting } from "../../../lib/routing/plan";
import type { SiteRule } from "../../../lib/routing/rules";
import { makeToken } from "../stored-token";
import { findProxyOf } from "./run-pac";

const t1 = makeToken({ id: 1, host: "127.0.0.1", port: 8000 });
const t2 = makeToken({ id: 2, host: "127.0.0.1", port: 8000 });
const v6 = makeToken({ id: 3, host: "2001:db8::7", port: 3128 });

const rule = (id: string, text: string, route: SiteRule["route"]): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route,
});

function findProxy(rules: SiteRule[], defaultTokenId: number | null, bypassList: string[] = []) {
  const plan = planRouting({
    rules,
    tokens: [t1, t2, v6],
    defaultTokenId,
    unusable: (t) => (t ? null : { code: "token-missing" }),
    oneLoginPerEndpoint: true,
  });
  return findProxyOf(chromePacConfig(plan, bypassList, "api.provider.example"));
}

describe("chromePacConfig", () => {
  const rules = [
    rule("a", "a.example", { kind: "token", tokenId: 1 }),
    rule("b", "b.example", { kind: "token", tokenId: 2 }),
    rule("c", "c.example", { kind: "direct" }),
    rule("d", "d.example", { kind: "block" }),
    rule("gone", "gone.example", { kind: "token", tokenId: 99 }),
    rule("v6", "v6.example", { kind: "token", tokenId: 3 }),
  ];

  it("each rule's sites go where its route leads; a shared gateway is spelled by name", () => {
    const find = findProxy(rules, null);
    expect(find("http://www.a.example/")).toBe("PROXY 127.0.0.1:8000");
    expect(find("http://b.example/x")).toBe("PROXY localhost:8000");
    expect(find("http://c.example/")).toBe("DIRECT");
    expect(find("http://other.example/")).toBe("DIRECT");
  });

  it("blocked routes and gone tokens lead to the dead end, never direct", () => {
    const find = findProxy(rules, null);
    expect(find("http://d.example/")).toBe("PROXY 127.0.0.1:9");
    expect(find("http://gone.example/")).toBe("PROXY 127.0.0.1:9");
  });

  it("an IPv6 gateway is bracketed", () => {
    expect(findProxy(rules, null)("http://v6.example/")).toBe("PROXY [2001:db8::7]:3128");
  });

  it("the default route: the connected token for everything no rule takes", () => {
    const find = findProxy(rules, 2);
    expect(find("http://other.example/")).toBe("PROXY 127.0.0.1:8000");
    // Token 2 took the address first, so token 1 (rule a) is spelled by name.
    expect(find("http://a.example/")).toBe("PROXY localhost:8000");
  });

  it("bypass entries and the provider's host go direct before any rule", () => {
    const find = findProxy([rule("all", "*", { kind: "token", tokenId: 1 })], null, [
      "<local>",
      "*.corp.example",
      "intranet.example",
    ]);
    expect(find("https://api.provider.example/")).toBe("DIRECT");
    expect(find("http://wiki.corp.example/")).toBe("DIRECT");
    expect(find("http://intranet.example/")).toBe("DIRECT");
    expect(find("http://news.example/")).toBe("PROXY 127.0.0.1:8000");
  });

  it("the provider's host goes through the token that carries the rest, whatever a rule says; direct while none does or the rest is blocked", () => {
    const blockAll = [rule("all", "*", { kind: "block" })];
    // Connected: as fixed_servers sends it, so an exit check through the token proves it.
    expect(findProxy(blockAll, 2)("https://api.provider.example/v1")).toBe("PROXY 127.0.0.1:8000");
    expect(findProxy(blockAll, 2)("https://news.example/")).toBe("PROXY 127.0.0.1:9");
    // No token: direct, not the rule's dead end (the user can still reach their account).
    expect(findProxy(blockAll, null)("https://api.provider.example/")).toBe("DIRECT");
    // The connected token is gone: the rest is blocked, the provider stays reachable.
    expect(findProxy([], 99)("https://api.provider.example/")).toBe("DIRECT");
    expect(findProxy([], 99)("https://news.example/")).toBe("PROXY 127.0.0.1:9");
  });

  it("container rules are left out (Chrome has no containers)", () => {
    const contained = { ...rule("box", "box.example", { kind: "block" }), container: "c1" };
    expect(findProxy([contained], null)("http://box.example/")).toBe("DIRECT");
  });

  it("pacResult words each target", () => {
    expect(pacResult({ kind: "direct" })).toBe("DIRECT");
    expect(pacResult({ kind: "block", failure: null })).toBe("PROXY 127.0.0.1:9");
  });
});
