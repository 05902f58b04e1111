/**
 * What Options' traffic log shows (pure): the entries as the background sends them, merged,
 * filtered, and put in words.
 */
import type { TrafficT } from "../i18n/traffic-strings";
import { isFailure, type TrafficEntry } from "../traffic/entry";
import { LOG_CAP } from "../traffic/log";

export interface TrafficFilter {
  /** A tab id, or "all". */
  tab: string;
  /** Part of the host. */
  site: string;
  route: "all" | "proxy" | "direct" | "block";
  outcome: "all" | "ok" | "failed" | "pending";
}

export const NO_FILTER: TrafficFilter = { tab: "all", site: "", route: "all", outcome: "all" };

/**
 * The background's changes laid over the list in place (by request; a request keeps its place
 * in arrival order), oldest dropped past the cap.
 */
export function mergeEntries(list: Map<string, TrafficEntry>, changes: TrafficEntry[]): void {
  for (const entry of changes) list.set(entry.requestId, entry);
  for (const id of list.keys()) {
    if (list.size <= LOG_CAP) break;
    list.delete(id);
  }
}

export function matches(entry: TrafficEntry, filter: TrafficFilter): boolean {
  if (filter.tab !== "all" && String(entry.tabId) !== filter.tab) return false;
  const site = filter.site.trim().toLowerCase();
  if (site && !entry.host.includes(site)) return false;
  if (filter.route !== "all" && entry.route?.kind !== filter.route) return false;
  if (filter.outcome === "failed" && !isFailure(entry.outcome)) return false;
  if (filter.outcome === "pending" && entry.outcome.kind !== "pending") return false;
  if (
    filter.outcome === "ok" &&
    entry.outcome.kind !== "ok" &&
    entry.outcome.kind !== "http-error"
  ) {
    return false;
  }
  return true;
}

/**
 * A log row's time as a person reads it, to the millisecond: "14:03:07.494" (hours, minutes and
 * seconds must be asked for: `fractionalSecondDigits` alone gives the milliseconds only).
 */
export function logTime(at: number, locale: string): string {
  return new Date(at).toLocaleTimeString(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    fractionalSecondDigits: 3,
    hourCycle: "h23",
  });
}

/** What names a tab in the log: its title while it is open, else the host of its last page. */
export function tabName(
  tab: { id: number; host: string },
  titles: ReadonlyMap<number, string>,
): string {
  return titles.get(tab.id) || tab.host;
}

/** The tabs seen, each with the host of its last page (its main_frame request). */
export function tabsSeen(entries: Iterable<TrafficEntry>): { id: number; host: string }[] {
  const tabs = new Map<number, string>();
  for (const entry of entries) {
    if (entry.type === "main_frame" || !tabs.has(entry.tabId)) tabs.set(entry.tabId, entry.host);
  }
  return [...tabs].map(([id, host]) => ({ id, host })).sort((a, b) => a.id - b.id);
}

export function routeWords(entry: TrafficEntry, t: TrafficT): string {
  const route = entry.route;
  if (!route) return t("traffic.routeUnknown");
  if (route.kind === "proxy") return t("traffic.routeProxy", { id: route.tokenId });
  return route.kind === "direct" ? t("traffic.routeDirect") : t("traffic.routeBlock");
}

export function reasonWords(
  entry: TrafficEntry,
  t: TrafficT,
  explain: (failure: { code: string }) => string,
): string {
  const reason = entry.reason;
  if (!reason) return "";
  if (reason.kind === "rule") return t("traffic.why.rule", reason);
  if (reason.kind === "bypass") return t("traffic.why.bypass");
  if (reason.kind === "default") return t("traffic.why.default");
  if (reason.kind === "tab") return t("traffic.why.tab");
  return t("traffic.why.failClosed", {
    reason: reason.code ? explain({ code: reason.code }) : "",
  });
}

export function outcomeWords(entry: TrafficEntry, t: TrafficT): string {
  const outcome = entry.outcome;
  switch (outcome.kind) {
    case "pending":
      return t("traffic.outcome.pending");
    case "ok":
      return t("traffic.outcome.ok", { status: outcome.status });
    case "http-error":
      return t("traffic.outcome.httpError", { status: outcome.status });
    case "login-refused":
      return t("traffic.outcome.loginRefused");
    case "proxy-unreachable":
      return t("traffic.outcome.proxyUnreachable", { error: outcome.error });
    case "blocked":
      return t("traffic.outcome.blocked");
    case "failed":
      return t("traffic.outcome.failed", { error: outcome.error });
    case "cancelled":
      return t("traffic.outcome.cancelled");
  }
}
