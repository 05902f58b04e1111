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
    /** Chrome: the token a probed address signs in with while its probe runs there, else null. */
    async loginAt(host: string, port: number): Promise<StoredToken | null> {
      const slot = probing.get(keyOf(host, port));
      return slot && (await holds(slot)) ? { ...slot.token, host: slot.host } : null;
    },
    /**
     * A refusal met at an address only a probe uses: the probe reports it; the user's traffic,
     * at its own addresses, keeps its logins (dropping them would cut its open requests).
     */
    onProbeOnlyAddress(token: StoredToken): boolean {
      const slot = probing.get(keyOf(token.host, token.port));
      return slot?.claims === true && slot.token.id === token.id;
    },
  };
}
