/**
 * What is this authentication challenge? (pure) Only a proxy's challenge (never a website's
 * 401), only from the token's own endpoint, is ours to answer. A challenge for a request we
 * answered before is a 407 to our own answer: a strike against the login, which the auth
 * responder weighs (a refusal, or a gateway asking again on another connection).
 */
import { proxyEndpoint } from "../state/token-facts";
import type { StoredToken } from "../state/tokens";

export interface AuthChallenge {
  requestId: string;
  isProxy: boolean;
  /** host:port that asked. On Firefox pass the proxyInfo's, since there challenger is the site. */
  challenger: { host: string; port: number };
  /**
   * The request belongs to a tab. Others (the extension's own checks) may never show their
   * outcome to webRequest, so they cannot stand for a login's fate.
   */
  fromTab?: boolean;
}

/**
 * The challenger is a gateway a config of ours wrote for a token that is no longer listed (the
 * user deleted it, or sync removed it): its request is cancelled, never left to a login dialog.
 */
export const GONE_LOGIN = "gone";

/** Whose login answers a challenge: a token, none (not ours), or a token since removed. */
export type LoginLookup = StoredToken | null | typeof GONE_LOGIN;

export type AuthDecision =
  | { action: "answer"; username: string; password: string }
  | { action: "strike"; reason: "asked-after-our-answer" }
  | { action: "ignore"; reason: "not-a-proxy" | "no-active-token" | "other-proxy" };

export function decideAuth(
  challenge: AuthChallenge,
  active: Pick<StoredToken, "host" | "port" | "username" | "password"> | null,
  earlierAnswers: number,
): AuthDecision {
  if (!challenge.isProxy) return { action: "ignore", reason: "not-a-proxy" };
  if (!active) return { action: "ignore", reason: "no-active-token" };
  const asked = `${challenge.challenger.host.replace(/^\[|\]$/g, "")}:${challenge.challenger.port}`;
  if (asked.toLowerCase() !== proxyEndpoint(active).toLowerCase()) {
    return { action: "ignore", reason: "other-proxy" };
  }
  if (earlierAnswers > 0) return { action: "strike", reason: "asked-after-our-answer" };
  return { action: "answer", username: active.username, password: active.password };
}

/** Answered request ids, pruned so the record stays small across a long session. */
export function recordAnswer(
  attempts: Record<string, number>,
  requestId: string,
  now: number,
  maxAgeMs = 5 * 60_000,
): Record<string, number> {
  const kept = Object.entries(attempts)
    .filter(([, at]) => now - at < maxAgeMs)
    .slice(-200);
  return { ...Object.fromEntries(kept), [requestId]: now };
}
