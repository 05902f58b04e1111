/**
 * Which address each token is probed at (lib/health/probe-plan.ts): Chrome never at an address
 * whose cached login carries the user's traffic as another token; Firefox each at its own.
 */
import { describe, expect, it } from "vitest";
import { planProbes } from "../../../lib/health/probe-plan";
import { makeToken } from "../stored-token";

const chrome = { oneLoginPerEndpoint: true, supportsSocksAuth: false };
const firefox = { oneLoginPerEndpoint: false, supportsSocksAuth: true };
const named = (id: number) => makeToken({ id, host: "gw.example.net", port: 8000 });
const addressed = (id: number) => makeToken({ id, host: "198.51.100.7", port: 8000 });

describe("planProbes in Chrome", () => {
  it("probes the token carrying traffic at its own address, keeping its login", () => {
    const { slots } = planProbes([named(1)], chrome, { "gw.example.net:8000": 1 });
    expect(slots.map((s) => [s.token.id, s.key, s.claims])).toEqual([
      [1, "gw.example.net:8000", false],
    ]);
  });

  it("probes one other token at the spelling that holds no login, which its login then holds", () => {
    const { slots, skipped } = planProbes([named(2), named(3)], chrome, {
      "gw.example.net:8000": 1,
    });
    expect(slots.map((s) => [s.token.id, s.host, s.claims])).toEqual([
      [2, "gw.example.net.", true],
    ]);
    // A second token there would need token 2's login dropped: every connection would close.
    expect(skipped.map((s) => [s.token.id, s.why])).toEqual([[3, "gateway-in-use"]]);
  });

  it("probes a token where a switch or an earlier check left its own login, dropping nothing", () => {
    const { slots, skipped } = planProbes([named(1), named(2)], chrome, {
      "gw.example.net:8000": 1,
      "gw.example.net.:8000": 2,
    });
    expect(skipped).toEqual([]);
    expect(slots.map((s) => [s.token.id, s.host, s.claims])).toEqual([
      [1, "gw.example.net", false],
      [2, "gw.example.net.", false],
    ]);
  });

  it("with no login held, each spelling goes to one token; the rest are not checked", () => {
    const { slots, skipped } = planProbes([named(1), named(2), named(3)], chrome, {});
    expect(slots.map((s) => [s.token.id, s.host])).toEqual([
      [1, "gw.example.net"],
      [2, "gw.example.net."],
    ]);
    expect(skipped.map((s) => s.token.id)).toEqual([3]);
  });

  it("does not check a token whose gateway has no address free of the user's traffic", () => {
    const onAddress = planProbes([addressed(2)], chrome, { "198.51.100.7:8000": 1 });
    expect(onAddress.slots).toEqual([]);
    expect(onAddress.skipped.map((s) => [s.token.id, s.why])).toEqual([[2, "gateway-in-use"]]);
    const bothUsed = planProbes([named(3)], chrome, {
      "gw.example.net:8000": 1,
      "gw.example.net.:8000": 2,
    });
    expect(bothUsed.skipped.map((s) => s.why)).toEqual(["gateway-in-use"]);
  });

  it("says SOCKS5 tokens cannot be signed in to", () => {
    const socks = makeToken({ id: 5, networkType: "SOCKS5" });
    expect(planProbes([socks], chrome, {}).skipped.map((s) => s.why)).toEqual(["socks-in-chrome"]);
  });
});

describe("planProbes in Firefox", () => {
  it("probes every token at its own address, each on its own (no shared login)", () => {
    const socks = makeToken({ id: 5, networkType: "SOCKS5" });
    const { slots, skipped } = planProbes([named(1), named(2), socks], firefox, {});
    expect(skipped).toEqual([]);
    expect(slots.every((s) => s.host === s.token.host && !s.claims)).toBe(true);
    expect(new Set(slots.map((s) => s.key)).size).toBe(3);
  });
});
