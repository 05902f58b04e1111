/**
 * Which way traffic leaves, from the exit IP the provider saw and what storage says is
 * connected (pure): direct, through the active token, or not as expected.
 */
import type { Failure } from "../base/failure";
import { asFailure } from "../base/failure";
import type { Connection, ProxyStatus } from "../state/status";
import { menuTag } from "../state/token-look";
import type { StoredToken } from "../state/tokens";

export type ExitRoute =
  | { kind: "direct" }
  /** The exit IP is the active token's: traffic really goes through it. */
  | { kind: "token"; token: StoredToken }
  /** A token is connected but the exit IP is not its IP (e.g. a new address being assigned). */
  | { kind: "token-other-ip"; token: StoredToken; expected: string }
  /** A token is connected but the proxy failed; the check may have gone out direct. */
  | { kind: "error"; token: StoredToken | undefined; failure: Failure | null }
  /** Connected to a token this profile no longer stores. */
  | { kind: "token-missing"; tokenId: number };

export function exitRoute(
  exitIp: string,
  status: Pick<ProxyStatus, "state" | "tokenId" | "exitIp" | "error">,
  connection: Pick<Connection, "activeTokenId">,
  tokens: readonly StoredToken[],
): ExitRoute {
  const id = connection.activeTokenId;
  if (id === null) return { kind: "direct" };
  const token = tokens.find((t) => t.id === id);
  if (status.state === "error" && status.tokenId === id) {
    return { kind: "error", token, failure: status.error ? asFailure(status.error.failure) : null };
  }
  if (!token) return { kind: "token-missing", tokenId: id };
  // A static IP token starts with ip "": the engine's own check through it names its exit.
  const expected =
    token.ip || (status.exitIp?.viaTokenId === id && status.tokenId === id ? status.exitIp.ip : "");
  if (expected === exitIp) return { kind: "token", token };
  return { kind: "token-other-ip", token, expected };
}

/** How the user recognises a token: its id and name, place and address. */
export function tokenLabel(
  token: Pick<StoredToken, "id" | "kind" | "name" | "look" | "country" | "city" | "ip">,
) {
  const place = [token.city, token.country].filter(Boolean).join(", ");
  return [menuTag(token), place, token.ip].filter(Boolean).join(" · ");
}
