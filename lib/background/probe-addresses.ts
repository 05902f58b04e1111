/**
 * Where Check all's probes are out, and what that means for a challenge or a refusal there.
 * In Chrome a probe signs in at a gateway spelling of its own (probe-plan.ts) for as long as
 * that spelling is still its token's: a switch may take it meanwhile (every other spelling of
 * the gateway held another login: gateway-owners.ts, `spellingFor`). From then on Chrome
 * caches the switch's login there, and the user's pages sign in there: a challenge is answered
 * as the switch's config says, never with the probe's login, and the probe's result, measured
 * through another token's login, is not kept.
 */
import type { ProbeSlot } from "../health/probe-plan";
import { appliedOwner } from "../proxy/gateway-owners";
import { endpointKey } from "../routing/plan";
import type { StoredToken } from "../state/tokens";
import { read } from "../storage/read";

/** A challenger's "host:port" as the plan keys it (Chrome brackets an IPv6 host). */
const keyOf = (host: string, port: number) => endpointKey(host.replace(/^\[|\]$/g, ""), port);

export function createProbeAddresses(
  /** Chrome: one login per gateway spelling, which the record of owners follows. */
  oneLoginPerEndpoint: boolean,
) {
  const probing = new Map<string, ProbeSlot>();
  /** Probes whose spelling another token held at some moment of their run. */
  const lost = new Set<ProbeSlot>();
  /** The probe's spelling holds its token's login (Firefox: each request carries its own). */
  async function holds(slot: ProbeSlot): Promise<boolean> {
    if (!oneLoginPerEndpoint) return true;
    const held = (await appliedOwner(slot.host, slot.port)) === slot.token.id;
    if (!held) lost.add(slot);
    return held;
  }

  return {
    enter: (slot: ProbeSlot) => void probing.set(slot.key, slot),
    leave(slot: ProbeSlot) {
      probing.delete(slot.key);
      lost.delete(slot);
    },
    /**
     * The probe's spelling was its token's all along, as far as its challenges saw: a switch
     * that took it and gave it back meanwhile still costs the result (its requests went with
     * another login in between).
     */
    heldThroughout: async (slot: ProbeSlot) => (await holds(slot)) && !lost.has(slot),
    any: () => probing.size > 0,
    /**
     * Chrome: the token a probed address signs in with while its probe runs there, else null.
     * As stored now, not as planned: an edit of its login during the run (a hand-added proxy's)
     * is what the user's pages at that address must sign in with.
     */
    async loginAt(host: string, port: number): Promise<StoredToken | null> {
      const slot = probing.get(keyOf(host, port));
      if (!slot || !(await holds(slot))) return null;
      const stored = (await read("tokens")).find((token) => token.id === slot.token.id);
      return stored ? { ...stored, host: slot.host } : null;
    },
    /**
     * A probe of this token is out at this address. A refusal met there is the probe's to
     * report unless the user's routing signs the token in there too (proxy-auth.ts): dropping
     * its login drops the user's own login and sockets with it (the next request is asked
     * again, and one being connected then may be cut), for a token their traffic does not use,
     * whether the probe claimed the address or the token held it from an earlier connect.
     */
    probedAt(token: StoredToken): boolean {
      return probing.get(keyOf(token.host, token.port))?.token.id === token.id;
    },
  };
}
