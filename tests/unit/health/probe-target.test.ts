/** A probe's own names and marks (lib/health/probe-target.ts). */
import { describe, expect, it } from "vitest";
import {
  chromeProbeHost,
  firefoxProbeUrl,
  isProbeUrl,
  newNonce,
  probeGatewayOf,
  probeNonceOf,
} from "../../../lib/health/probe-target";

describe("probe names", () => {
  it("name their gateway, under .invalid, and nothing else is read as one", () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[a-z0-9]{12}$/);
    const host = chromeProbeHost(nonce, 7);
    expect(host.endsWith(".invalid")).toBe(true);
    expect(probeGatewayOf(host)).toBe(7);
    expect(probeGatewayOf(host.toUpperCase())).toBe(7);
    for (const other of [
      "example.com",
      `x.g1.check.proxy-deck.invalid.evil.com`,
      "g1.check.proxy-deck.invalid",
    ]) {
      expect(probeGatewayOf(other)).toBeNull();
    }
  });

  it("mark a Firefox probe on the provider's exit-IP address", () => {
    const url = firefoxProbeUrl("abc123", "https://api.provider.example/");
    expect(url).toBe("https://api.provider.example/token/check/ip?proxy-deck-check=abc123");
    expect(probeNonceOf(url)).toBe("abc123");
    expect(isProbeUrl(url)).toBe(true);
    expect(probeNonceOf("https://api.provider.example/token/check/ip")).toBeNull();
    expect(isProbeUrl("https://site.example/")).toBe(false);
  });
});
