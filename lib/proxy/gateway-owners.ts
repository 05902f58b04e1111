/**
 * Chrome caches one proxy login per gateway spelling ("host:port" as written in its config)
 * and sends it unasked. When a spelling comes to stand for another token (a rule changed, a
 * token expired or was deleted and the next one moved onto its spelling), the cached login
 * would carry the new token's traffic as the old token: it is dropped before the new config
 * goes in. What was applied is kept (storage.session) so a woken worker compares against it
 * and answers each challenge as the applied config was written.
 */
import { endpointKey } from "../routing/plan";
import { read } from "../state/read";
import { updateState } from "../state/store";
import type { StoredToken } from "../state/tokens";
import type { GatewayAddress } from "./platform";

export type Owners = Record<string, number>;

/** The owners of a fixed_servers config: the one token at its own spelling. */
export const ownersOf = (token: StoredToken | null): Owners =>
  token ? { [endpointKey(token.host, token.port)]: token.id } : {};

/**
 * Before applying `next`: records it as applied, then drops the cached logins of every spelling
 * whose token changes.
 */
export async function changeOwners(
  next: Owners,
  tokens: readonly StoredToken[],
  forget: (tokens: StoredToken[], at: GatewayAddress[]) => Promise<void>,
): Promise<void> {
  const previous = await read("gatewayOwners");
  // Nothing recorded: a new browser session (its login cache is empty too) or the first
  // apply ever. Nothing to drop, and at startup every moment before the apply counts.
  const recorded = Object.keys(previous).length > 0;
  const moved = Object.entries(next).filter(
    ([spelling, id]) => recorded && previous[spelling] !== id,
  );
  // Recorded first: a challenge between the forget and the apply is answered as the new
  // config will be, so the browser cannot cache the old token's login again meanwhile.
  await updateState(["gatewayOwners"], () => ({
    write: { gatewayOwners: next },
    result: undefined,
  }));
  if (moved.length === 0) return;
  const ids = new Set(moved.map(([, id]) => id));
  // Only the spellings whose token changed: the other spelling of the same gateway keeps its
  // login and its requests (measured in Chromium 156: dropping one leaves the other alone).
  await forget(
    tokens.filter((t) => ids.has(t.id)),
    moved.map(([spelling]) => addressOf(spelling)),
  );
}

/** "host:port" as endpointKey writes it (an IPv6 host has colons of its own). */
function addressOf(spelling: string): GatewayAddress {
  const colon = spelling.lastIndexOf(":");
  return { host: spelling.slice(0, colon), port: Number(spelling.slice(colon + 1)) };
}

/** The token the applied config wrote at this spelling, or undefined when none was recorded. */
export async function appliedOwner(host: string, port: number): Promise<number | undefined> {
  const owners = await read("gatewayOwners");
  return owners[endpointKey(host.replace(/^\[|\]$/g, ""), port)];
}
