/**
 * What the HTTP gateway does to a request whose login is valid, beyond letting it through: the
 * odd but legal things real gateways do. A restart, a session timeout or a failover behind a
 * load balancer ends login sessions, so a valid login is asked again (a 407 that a fresh answer
 * passes); a gateway under strain cuts connections or stalls. None of them ever refuses a valid
 * login. Switched from /__sandbox/gateway/* (control.ts); the random mix ("chaos") is drawn from
 * a seed, so a run that fails can be replayed with the same seed.
 */

export type GatewayAct =
  | { kind: "pass" }
  /** A 407 to a valid login, as when the gateway's login session for it ended. */
  | { kind: "ask-again"; why: "count" | "session-ended" | "chaos" }
  /** Every open connection of the gateway is cut (this request's included). */
  | { kind: "cut" }
  /** The request is let through after this long. */
  | { kind: "stall"; ms: number };

export interface ChaosSettings {
  seed: number;
  /** How long the gateway misbehaves, from the switch on. */
  durationMs: number;
  /** Chances per request with a valid login (the rest pass). */
  askAgain: number;
  endSessions: number;
  cut: number;
  stall: number;
  /** Longest stall. */
  maxStallMs: number;
}

export const CHAOS_DEFAULTS: Omit<ChaosSettings, "seed" | "durationMs"> = {
  askAgain: 0.08,
  endSessions: 0.01,
  cut: 0.005,
  stall: 0.02,
  maxStallMs: 3_000,
};

/** mulberry32: a small seeded generator, so a chaos run replays exactly from its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How long a login's new session holds after the chaos asked it again. */
const RENEWED_MS = 2_000;

export interface ChaosCounts {
  /** When each cut happened (ms since the epoch): what a failed request can be laid to. */
  cutAt: number[];
  requests: number;
  askedAgain: number;
  sessionsEnded: number;
  cuts: number;
  stalls: number;
}

const noCounts = (): ChaosCounts => ({
  cutAt: [],
  requests: 0,
  askedAgain: 0,
  sessionsEnded: 0,
  cuts: 0,
  stalls: 0,
});

export class GatewayBehaviour {
  /** The next `reaskRemaining` valid logins (of `reaskOnly`, when set) are asked again. */
  reaskRemaining = 0;
  reaskOnly: string | null = null;
  /** Connections open when the gateway ended its sessions: each asks once on its next request. */
  private readonly endedSessions = new Set<string>();
  /** Chaos only: logins asked again moments ago, until when their new session holds. */
  private readonly renewedUntil = new Map<string, number>();
  private chaos: { settings: ChaosSettings; until: number; random: () => number } | null = null;
  private counts: ChaosCounts = noCounts();

  /** The gateway ends the login sessions of these open connections. */
  endSessions(openConnections: Iterable<string>): number {
    let ended = 0;
    for (const connection of openConnections) {
      this.endedSessions.add(connection);
      ended++;
    }
    return ended;
  }

  startChaos(settings: ChaosSettings, now: number): void {
    this.chaos = { settings, until: now + settings.durationMs, random: seeded(settings.seed) };
    this.counts = noCounts();
  }

  chaosReport(now: number): { active: boolean; seed: number | null } & ChaosCounts {
    const active = this.chaos !== null && now < this.chaos.until;
    const { cutAt, ...counts } = this.counts;
    return { active, seed: this.chaos?.settings.seed ?? null, ...counts, cutAt: [...cutAt] };
  }

  reset(): void {
    this.reaskRemaining = 0;
    this.reaskOnly = null;
    this.endedSessions.clear();
    this.renewedUntil.clear();
    this.chaos = null;
    this.counts = noCounts();
  }

  /** A connection closed: a session it no longer has cannot end. */
  closed(connection: string): void {
    this.endedSessions.delete(connection);
  }

  /**
   * What the gateway does to a request with a valid login on `connection`; `open` lists the
   * gateway's open connections (for the chaos's "end every session").
   */
  act(
    request: { connection: string; username: string },
    now: number,
    open: () => Iterable<string>,
  ): GatewayAct {
    if (this.reaskRemaining > 0 && (this.reaskOnly ?? request.username) === request.username) {
      this.reaskRemaining -= 1;
      return { kind: "ask-again", why: "count" };
    }
    if (this.endedSessions.delete(request.connection)) {
      return { kind: "ask-again", why: "session-ended" };
    }
    if (!this.chaos || now >= this.chaos.until) return { kind: "pass" };
    const { settings, random } = this.chaos;
    this.counts.requests++;
    const draw = random();
    // A login just asked again has a new session: its fresh answer is accepted, as the
    // gateways this models do (they ask because a session ended, not to refuse).
    const renewed = (this.renewedUntil.get(request.username) ?? 0) > now;
    let edge = settings.askAgain;
    if (draw < edge) {
      if (renewed) return { kind: "pass" };
      this.counts.askedAgain++;
      this.renewedUntil.set(request.username, now + RENEWED_MS);
      return { kind: "ask-again", why: "chaos" };
    }
    edge += settings.endSessions;
    if (draw < edge) {
      if (renewed) return { kind: "pass" };
      this.counts.sessionsEnded++;
      this.endSessions(open());
      this.endedSessions.delete(request.connection);
      this.renewedUntil.set(request.username, now + RENEWED_MS);
      return { kind: "ask-again", why: "session-ended" };
    }
    edge += settings.cut;
    if (draw < edge) {
      this.counts.cuts++;
      this.counts.cutAt.push(now);
      return { kind: "cut" };
    }
    edge += settings.stall;
    if (draw < edge) {
      this.counts.stalls++;
      return { kind: "stall", ms: Math.round(random() * settings.maxStallMs) };
    }
    return { kind: "pass" };
  }
}
