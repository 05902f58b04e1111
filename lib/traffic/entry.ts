/**
 * One request as the traffic log shows it (pure types): where it went and why, and how it
 * ended. Hosts, not full URLs, unless the viewer asked for them; never a header.
 */

/** Where the request went: a token's proxy, direct, or nowhere (fail closed). */
export type TrafficRoute =
  | { kind: "proxy"; tokenId: number }
  | { kind: "direct" }
  | { kind: "block" };

/** Why it went there. */
export type TrafficReason =
  | { kind: "rule"; position: number; text: string }
  | { kind: "default" }
  | { kind: "bypass" }
  /** Firefox's "This tab only": the tab's own route, before the rules. */
  | { kind: "tab" }
  /** The connected token cannot carry traffic now: everything is blocked (its failure code). */
  | { kind: "fail-closed"; code: string | null };

export type TrafficOutcome =
  | { kind: "pending" }
  | { kind: "ok"; status: number }
  /** The site answered with an error status (the route worked). */
  | { kind: "http-error"; status: number }
  /** The proxy refused the token's login (407). */
  | { kind: "login-refused" }
  /** The proxy could not be reached, or its tunnel failed. */
  | { kind: "proxy-unreachable"; error: string }
  /** Sent nowhere by the extension (fail closed, or a rule's "block"). */
  | { kind: "blocked" }
  /** The browser's own reason (DNS, reset, timeout…). */
  | { kind: "failed"; error: string }
  /** Stopped by the page, the user or the browser's own checks: not a failure of the route. */
  | { kind: "cancelled" };

export interface TrafficEntry {
  /** Order of arrival, for the viewer's "what changed since". */
  seq: number;
  requestId: string;
  /** When the request started (ms since the epoch, the browser's timeStamp). */
  at: number;
  /** The tab, or -1 for the browser's and extensions' own requests. */
  tabId: number;
  host: string;
  /** The address, only while a viewer asked for full URLs (secrets taken out: scrub.ts). */
  url: string | null;
  method: string;
  /** The browser's resource type: main_frame, script, image, xmlhttprequest… */
  type: string;
  route: TrafficRoute | null;
  reason: TrafficReason | null;
  outcome: TrafficOutcome;
  /** Start to end, once it ended and its start was seen. */
  ms: number | null;
}

/** Outcomes that are failures of the route (what "failed on this page" counts). */
export const isFailure = (outcome: TrafficOutcome): boolean =>
  outcome.kind === "login-refused" ||
  outcome.kind === "proxy-unreachable" ||
  outcome.kind === "blocked" ||
  outcome.kind === "failed";
