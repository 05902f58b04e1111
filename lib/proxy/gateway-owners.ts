/**
 * Chrome caches one proxy login per gateway spelling ("host:port" as written in its config) and
 * sends it unasked. This record says, for every spelling a config wrote since the browser
 * started, whose login Chrome may hold there: not only the applied config's spellings, but the
 * ones a switch left behind. So:
 * - a switch drops a cached login only where a spelling comes to stand for another token (and
 *   dropping one closes every connection of the profile: BROWSER-FACTS.md), and a token takes,
 *   where it can, a spelling that already holds its own login or none (`spellingFor`);
 * - a late challenge at a spelling the config no longer writes (a request sent through the old
 *   token before the switch) is answered with the login of the token it was sent through.
 * Kept in storage.local: an update or reload of the extension empties storage.session while
 * Chrome keeps its logins (measured in Chromium 156: the traffic then left with the other
 * token's login). A browser restart empties the logins and keeps the record, which then says
 * "may hold" of a spelling that holds nothing: at worst one drop more. Until this version has
 * recorded anything (`null`: the first start after installing it over one that kept no record),
 * every spelling may hold any login: the first config (or Check all) drops the logins of every
 * stored token's gateway, at every spelling, once (`makeOwnersKnown`).
 */
import { endpointKey, gatewaySpellings } from "../routing/plan";
import type { StoredToken } from "../state/tokens";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import type { GatewayAddress } from "./platform";

export type Owners = Record<string, number>;

/**
 * A record being written: answers from it while the write is out, so the setting is not held
 * back by a storage write (see `changeOwners`). Storage stays the source otherwise.
 */
let writing: Owners | null = null;

/**
 * Spellings a running health check claimed (claimOwners), until a switch records one for its
 * own token or the run ends: a switch sees them at once, before their storage write lands, so
 * it takes another spelling, or drops the probe's login before its config goes in.
 */
const probeClaims = new Map<string, number>();
/**
 * A claim only ever takes a spelling that held no login: where the record (or a switch's
 * record being written) names an owner, the claim is on its way to refusal, and a challenge
 * there meanwhile is the recorded token's.
 */
const withClaims = (owners: Owners): Owners =>
  probeClaims.size > 0 ? { ...Object.fromEntries(probeClaims), ...owners } : owners;

/** The cached-login owner of every spelling known. */
export async function cachedOwners(): Promise<Owners> {
  // Read first, then the record being written: one a switch started meanwhile is newer.
  const stored = await read("gatewayOwners");
  return withClaims(writing ?? stored ?? {});
}

/** The owners as stored (read by the caller), or the record being written. */
export const ownersNow = (stored: Owners | null): Owners => withClaims(writing ?? stored ?? {});

/**
 * Where to write this token's gateway in a fixed_servers config: the spelling whose cached login
 * is already its own, else one that holds no login, else (every spelling holds another token's
 * login) the one to drop, preferring not the spelling of `keep` (the token traffic is leaving,
 * whose late challenges are then still answered with its own login).
 */
export function spellingFor(
  token: Pick<StoredToken, "id" | "host" | "port">,
  owners: Owners,
  keep: number | null = null,
): string {
  const spellings = gatewaySpellings(token.host);
  const owner = (host: string) => owners[endpointKey(host, token.port)];
  return (
    spellings.find((host) => owner(host) === token.id) ??
    spellings.find((host) => owner(host) === undefined) ??
    spellings.find((host) => owner(host) !== keep) ??
    token.host
  );
}

/** The owners a fixed_servers config writes: the one token at the spelling given. */
export const ownersOf = (token: StoredToken | null, host = token?.host): Owners =>
  token && host ? { [endpointKey(host, token.port)]: token.id } : {};

/**
 * Before applying a config that writes `next`: records it (memory at once, storage before the
 * returned promise settles), and drops the cached logins of the spellings whose token changes.
 * With nothing to drop, the record is written beside the caller's apply (`applied`), not before
 * it: a challenge meanwhile is answered from memory.
 */
export async function changeOwners(
  next: Owners,
  tokens: readonly StoredToken[],
  forget: (tokens: StoredToken[], at: GatewayAddress[]) => Promise<void>,
  applied: () => Promise<void> = async () => undefined,
  /** The owners as the caller read them (a switch reads once). */
  known?: Owners | null,
): Promise<void> {
  const stored = known !== undefined ? known : await read("gatewayOwners");
  if (writing === null && stored === null) await makeOwnersKnown(tokens, forget);
  const previous = ownersNow(stored);
  const moved = Object.entries(next).filter(
    ([spelling, id]) => previous[spelling] !== undefined && previous[spelling] !== id,
  );
  const changed = Object.entries(next).some(([spelling, id]) => previous[spelling] !== id);
  const recorded = changed ? recordOwners(next, previous) : Promise.resolve({});
  /** Drops the cached logins at these spellings of `next` (told: the tokens that take them). */
  const drop = (spellings: string[]) => {
    const ids = new Set(spellings.map((spelling) => next[spelling]));
    return forget(
      tokens.filter((t) => ids.has(t.id)),
      spellings.map(addressOf),
    );
  };
  if (moved.length === 0) {
    const [taken] = await Promise.all([recorded, applied()]);
    // Claimed meanwhile for another token (a health check's probe): its login may be cached
    // there now, and would go out with this config's traffic.
    if (Object.keys(taken).length > 0) await drop(Object.keys(taken));
    return;
  }
  // Recorded first: a challenge between the forget and the apply is answered as the new
  // config will be, so the browser cannot cache the old token's login again meanwhile.
  const taken = await recorded;
  // Only the spellings whose token changed: the other spelling of the same gateway keeps its
  // login and its requests (measured in Chromium 156: dropping one leaves the other alone).
  await drop([...moved.map(([spelling]) => spelling), ...Object.keys(taken)]);
  await applied();
}

/**
 * Records that these spellings hold these tokens' logins from now on (a config or a health
 * check's probe about to use them). Read-modify-write under the store's lock; answered from
 * memory while the write is out. With `known` (the owners the caller decided from), resolves
 * to the spellings of `next` another writer gave to another token since: their owners then.
 */
function recordOwners(next: Owners, known?: Owners): Promise<Owners> {
  // The switch's config takes these spellings from now on, claimed or not (changeOwners drops).
  for (const spelling of Object.keys(next)) probeClaims.delete(spelling);
  const record = { ...(writing ?? known ?? {}), ...next };
  if (writing || known) writing = record;
  return updateState(["gatewayOwners"], ({ gatewayOwners }) => {
    const now = gatewayOwners ?? {};
    const taken = Object.entries(next).flatMap(([spelling, id]): [string, number][] => {
      const owner = now[spelling];
      return known && owner !== undefined && owner !== known[spelling] && owner !== id
        ? [[spelling, owner]]
        : [];
    });
    return { write: { gatewayOwners: { ...now, ...next } }, result: Object.fromEntries(taken) };
  }).finally(() => {
    if (writing === record) writing = null;
  });
}

/**
 * A health check's probes claim spellings that held no login when it planned: each becomes its
 * token's unless a switch gave it to another token since (then the probe would be answered
 * with, or leave behind, the wrong login). Held in memory at once (`probeClaims`), stored
 * after. Resolves to the spellings refused; `releaseClaims` when the run ends.
 */
export async function claimOwners(claims: Owners): Promise<Set<string>> {
  for (const [spelling, id] of Object.entries(claims)) probeClaims.set(spelling, id);
  // Under the store's lock, after any switch's record already on its way (a switch's
  // `writing` is written in the same turn it is set).
  const refused = await updateState(["gatewayOwners"], ({ gatewayOwners }) => {
    const now = gatewayOwners ?? {};
    const taken = (spelling: string) =>
      now[spelling] !== undefined && now[spelling] !== claims[spelling];
    const granted = Object.entries(claims).filter(([spelling]) => !taken(spelling));
    return {
      write: { gatewayOwners: { ...now, ...Object.fromEntries(granted) } },
      result: Object.keys(claims).filter(taken),
    };
  }).catch((error: unknown) => {
    releaseClaims(claims);
    throw error;
  });
  releaseClaims(Object.fromEntries(refused.map((spelling) => [spelling, claims[spelling] ?? -1])));
  return new Set(refused);
}

/** The run is over: its claims are the stored record's alone. */
export function releaseClaims(claims: Owners): void {
  for (const [spelling, id] of Object.entries(claims))
    if (probeClaims.get(spelling) === id) probeClaims.delete(spelling);
}

/** Every spelling of every one of these tokens' gateways (each once). */
function everySpelling(tokens: readonly StoredToken[]): GatewayAddress[] {
  const keys = new Set(
    tokens.flatMap((t) => gatewaySpellings(t.host).map((host) => endpointKey(host, t.port))),
  );
  return [...keys].map(addressOf);
}

/**
 * Nothing recorded by this version yet: Chrome may hold any of these tokens' logins at any
 * spelling of their gateways. All of them are dropped (once: one cut of the browser's
 * connections, as a switch that drops one costs), and the record starts empty.
 */
export async function makeOwnersKnown(
  tokens: readonly StoredToken[],
  forget: (tokens: StoredToken[], at: GatewayAddress[]) => Promise<void>,
): Promise<void> {
  if (tokens.length > 0) await forget([...tokens], everySpelling(tokens));
  await updateState(["gatewayOwners"], ({ gatewayOwners }) =>
    gatewayOwners === null
      ? { write: { gatewayOwners: {} }, result: undefined }
      : { result: undefined },
  );
}

/**
 * A fresh install: Chrome holds none of this extension's logins, so the first config drops
 * nothing (an update, with the record already known or still `null`, keeps it as it is).
 */
export function recordFreshInstall(): Promise<void> {
  return updateState(["gatewayOwners"], ({ gatewayOwners }) =>
    gatewayOwners === null
      ? { write: { gatewayOwners: {} }, result: undefined }
      : { result: undefined },
  );
}

/** "host:port" as endpointKey writes it (an IPv6 host has colons of its own). */
function addressOf(spelling: string): GatewayAddress {
  const colon = spelling.lastIndexOf(":");
  return { host: spelling.slice(0, colon), port: Number(spelling.slice(colon + 1)) };
}

/** The token whose login Chrome may hold at this spelling, or undefined when none is recorded. */
export async function appliedOwner(host: string, port: number): Promise<number | undefined> {
  const owners = await cachedOwners();
  return owners[endpointKey(host.replace(/^\[|\]$/g, ""), port)];
}
