/**
 * What the user is told about where traffic goes now: decided here once, from what the browser
 * has shown, and worded from one table (lib/i18n/status-words.ts) by the popup's top line and
 * token row, Options' exit IP section and the toolbar title alike (pure).
 *
 * The rule is evidence: "through" only once a request through the token worked (the engine's
 * `connected`), "failing" only for requests the browser saw fail (a 407 to the browser's cached
 * login is a question the responder answers, never a failure by itself), "blocked" only when the
 * engine closed traffic. Before any evidence the word is "checking", never "connected".
 */
import type { Connection, ProxyStatus } from "./status";

export const ROUTE_STATUS_KINDS = [
  /** The user's Off: every site direct, site rules included. */
  "off",
  /** No token chosen (not Off): sites go direct unless a site rule routes them. */
  "none",
  /** The token's proxy is applied; no request has proved it yet. */
  "checking",
  /** A request through the token worked. */
  "through",
  /** Requests through the token fail (why is in the status's error). */
  "failing",
  /** Fail closed: the chosen token cannot be used, nothing leaves until the user chooses. */
  "blocked",
  /** Another extension controls the browser's proxy setting: ours does not take effect. */
  "foreign",
] as const;
export type RouteStatusKind = (typeof ROUTE_STATUS_KINDS)[number];

export interface RouteStatus {
  kind: RouteStatusKind;
  /** The token the words name (checking, through, failing, blocked); null otherwise. */
  tokenId: number | null;
}

export function routeStatus(
  status: Pick<ProxyStatus, "state" | "tokenId" | "controlledByOther">,
  connection: Pick<Connection, "activeTokenId" | "off">,
): RouteStatus {
  // Whatever we chose, the browser follows the other extension: claim nothing of ours.
  if (status.controlledByOther) return { kind: "foreign", tokenId: null };
  if (status.state === "blocked") return { kind: "blocked", tokenId: status.tokenId };
  const id = connection.activeTokenId;
  if (id === null) return { kind: connection.off ? "off" : "none", tokenId: null };
  // A status about another token (the one before a switch) proves nothing about this one.
  const about = status.tokenId === id;
  if (about && status.state === "error") return { kind: "failing", tokenId: id };
  if (about && status.state === "connected") return { kind: "through", tokenId: id };
  return { kind: "checking", tokenId: id };
}
