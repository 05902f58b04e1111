/** In-memory token store: ids, credentials, exit addresses and the delete/restore lifecycle. */
import { randomBytes } from "node:crypto";
import { AddressPool } from "./address-pool";
import { type Clock, DAY } from "./clock";
import type { NetworkType, ProxyKind } from "./kinds";

export const RESTORE_WINDOW_MS = 30 * DAY;
/** Quota of a dynamic traffic token, in bytes (the spec does not state the unit). */
export const TRAFFIC_QUOTA_BYTES = 1024 ** 3;

export interface Token {
  id: number;
  kind: ProxyKind;
  /** The dynamic kinds' `token` field. */
  name: string;
  networkType: NetworkType;
  username: string;
  password: string;
  /** Exit address (all kinds); for dynamic kinds also the address the client connects to. */
  ip: string;
  /** Static kinds: the shared gateway address that serves the token (127.0.0.1 or ::1). */
  gatewayHost: string;
  /** Set by the refuse-password control: the gateways refuse this password from now on. */
  passwordRefused: boolean;
  /** Set by the gateway/token control: the gateway waits this long before serving the token. */
  slowMs: number;
  /** What the client asked for (null = not chosen). */
  countryId: number;
  stateId: number | null;
  cityId: number | null;
  /** Where the exit really is: the chosen city, or one drawn inside the chosen region. */
  exitCityId: number;
  paywayId: number | null;
  createdAt: number;
  expiresAt: number | null;
  deletedAt: number | null;
  restoredAt: number | null;
  /** Deleted more than 30 days ago: gone for good, address released. */
  purged: boolean;
  /** Deleted under the no_restore quirk: the delete answered can_restore: false. */
  noRestore?: boolean;
  refreshedAt: number | null;
  trafficQuota: number;
  trafficUsed: number;
}

export type TokenStatus = "active" | "expired" | "deleted" | "purged";

export type NewToken = Pick<
  Token,
  | "kind"
  | "networkType"
  | "countryId"
  | "stateId"
  | "cityId"
  | "paywayId"
  | "expiresAt"
  | "gatewayHost"
> & { exitCityId: (id: number) => number; countryCode: string };

const NAME_PREFIX: Record<ProxyKind, string> = {
  static_ip: "SIP",
  dynamic_ip: "DIP",
  static_traffic: "STR",
  dynamic_traffic: "DTR",
};

export class Store {
  readonly tokens = new Map<number, Token>();
  private readonly byUsername = new Map<string, Token>();
  readonly pool = new AddressPool();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  create(spec: NewToken): Token {
    const id = this.nextId++;
    const username = `u${id}${randomBytes(3).toString("hex")}`;
    const token: Token = {
      id,
      kind: spec.kind,
      name: `${NAME_PREFIX[spec.kind]}-${spec.countryCode}-${String(id).padStart(6, "0")}`,
      networkType: spec.networkType,
      username,
      password: randomBytes(8).toString("hex"),
      ip: this.pool.allocate(),
      gatewayHost: spec.gatewayHost,
      passwordRefused: false,
      slowMs: 0,
      countryId: spec.countryId,
      stateId: spec.stateId,
      cityId: spec.cityId,
      exitCityId: spec.exitCityId(id),
      paywayId: spec.paywayId,
      createdAt: this.clock.now(),
      expiresAt: spec.expiresAt,
      deletedAt: null,
      restoredAt: null,
      purged: false,
      refreshedAt: null,
      trafficQuota: spec.kind === "dynamic_traffic" ? TRAFFIC_QUOTA_BYTES : 0,
      trafficUsed: 0,
    };
    this.tokens.set(id, token);
    this.byUsername.set(username, token);
    return token;
  }

  /** Forget a token whose creation could not finish (its listener would not open). */
  discard(token: Token): void {
    this.tokens.delete(token.id);
    this.byUsername.delete(token.username);
    this.pool.release(token.ip);
  }

  get(id: number): Token | undefined {
    return this.tokens.get(id);
  }

  byUser(username: string): Token | undefined {
    return this.byUsername.get(username);
  }

  /** Token holding this exit address (live, expired or deleted-but-restorable). */
  byIp(ip: string): Token | undefined {
    for (const t of this.tokens.values()) if (!t.purged && t.ip === ip) return t;
    return undefined;
  }

  status(t: Token, now = this.clock.now()): TokenStatus {
    if (t.purged) return "purged";
    if (t.deletedAt !== null) {
      return now - t.deletedAt > RESTORE_WINDOW_MS ? "purged" : "deleted";
    }
    if (t.expiresAt !== null && now >= t.expiresAt) return "expired";
    if (t.kind === "dynamic_traffic" && t.trafficUsed >= t.trafficQuota) return "expired";
    return "active";
  }

  /** Non-deleted tokens, counted against the plan's limit of IPs held at once. */
  heldCount(): number {
    let n = 0;
    for (const t of this.tokens.values()) if (t.deletedAt === null && !t.purged) n++;
    return n;
  }

  /**
   * Purges tokens deleted more than 30 days ago (on the sandbox clock) and returns them, so the
   * caller can close their listeners. Their address goes back to the pool.
   */
  sweep(): Token[] {
    const now = this.clock.now();
    const purged: Token[] = [];
    for (const t of this.tokens.values()) {
      if (!t.purged && t.deletedAt !== null && now - t.deletedAt > RESTORE_WINDOW_MS) {
        t.purged = true;
        this.byUsername.delete(t.username);
        this.pool.release(t.ip);
        purged.push(t);
      }
    }
    return purged;
  }

  addTraffic(id: number, bytes: number): void {
    const t = this.tokens.get(id);
    if (t) t.trafficUsed += bytes;
  }

  reset(): Token[] {
    const all = [...this.tokens.values()];
    this.tokens.clear();
    this.byUsername.clear();
    this.pool.reset();
    this.nextId = 1;
    return all;
  }
}
