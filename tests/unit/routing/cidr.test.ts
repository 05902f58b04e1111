/**
 * CIDR ranges at every prefix length, /0 to /32 and /0 to /128: a range covers exactly the
 * addresses that share its first `prefix` bits (omega-pac's IpCondition: isInSubnet), as the
 * router answers and as the PAC script answers. Addresses are BigInts here, so the reference
 * shares no arithmetic with lib/routing/ip.ts.
 */
import vm from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pacScript } from "../../../lib/routing/pac";
import { parsePattern } from "../../../lib/routing/pattern";
import { compileRules, requestOf } from "../../../lib/routing/router";
import type { SiteRule } from "../../../lib/routing/rules";

const dotted = (n: bigint) => [24n, 16n, 8n, 0n].map((shift) => (n >> shift) & 255n).join(".");
const hex = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(
    ":",
  );

/** IPv6 as URLs write it (shortest form), by the URL parser rather than lib/routing/ip.ts. */
const shortest = (n: bigint) => new URL(`http://[${hex(n)}]/`).hostname.slice(1, -1);

const FAMILIES = [
  { bits: 32, version: 4, text: dotted, written: dotted },
  { bits: 128, version: 6, text: hex, written: shortest },
];

/** How many leading bits two addresses share. */
function sharedBits(a: bigint, b: bigint, bits: number): number {
  let shared = 0;
  while (shared < bits && a >> BigInt(bits - 1 - shared) === b >> BigInt(bits - 1 - shared))
    shared++;
  return shared;
}

/** One rule per prefix length over the same address, longest first: `p{prefix}`. */
function rulesFor(net: string, bits: number): SiteRule[] {
  return Array.from({ length: bits + 1 }, (_, i) => bits - i).map((prefix) => ({
    id: `p${prefix}`,
    enabled: true,
    source: { type: "pattern", text: `${net}/${prefix}` },
    route: { kind: "token", tokenId: prefix + 1 },
  }));
}

function pacWinner(rules: SiteRule[]): (url: string) => string | null {
  const script = pacScript(
    rules,
    (route) => (route.kind === "token" ? `p${route.tokenId - 1}` : ""),
    "none",
  );
  const context = vm.createContext({});
  vm.runInContext(script, context);
  const find = (context as { FindProxyForURL: (url: string, host: string) => string })
    .FindProxyForURL;
  return (url) => {
    const answer = find(url, requestOf(url)?.host ?? "");
    return answer === "none" ? null : answer;
  };
}

describe.each(FAMILIES)("/0 to /$bits", ({ bits, version, text, written }) => {
  const url = (n: bigint) => (version === 4 ? `http://${text(n)}/` : `http://[${text(n)}]/`);
  const address = fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n });
  /** An address sharing a random number of leading bits with `net`, or any address. */
  const near = (net: bigint) =>
    fc.oneof(
      fc.nat(bits).map((k) => (k === bits ? net : net ^ (1n << BigInt(k)))),
      address,
    );

  it("each range covers exactly the addresses that share its first bits", () => {
    fc.assert(
      fc.property(
        address.chain((net) =>
          fc.tuple(fc.constant(net), fc.array(near(net), { minLength: 1, maxLength: 6 })),
        ),
        ([net, hosts]) => {
          const rules = rulesFor(text(net), bits);
          const router = compileRules(rules);
          const pac = pacWinner(rules);
          for (const host of hosts) {
            // The longest range that covers the host is the first rule that matches it.
            const expected = `p${sharedBits(net, host, bits)}`;
            expect(router.route(url(host))?.ruleId).toBe(expected);
            expect(pac(url(host))).toBe(expected);
          }
          expect(compileRules(rules).route("http://example.com/")).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("each range is stored as its network address", () => {
    const all = (1n << BigInt(bits)) - 1n;
    for (let prefix = 0; prefix <= bits; prefix++) {
      const network = (all >> BigInt(bits - prefix)) << BigInt(bits - prefix);
      expect(parsePattern(`${text(all)}/${prefix}`)).toEqual({
        ok: true,
        pattern: { kind: "cidr", version, address: written(network), prefix },
      });
    }
  });
});
