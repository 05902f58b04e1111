/** Options' traffic log, in English and Simplified Chinese (its own table, like the rules'). */
import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const trafficStrings = {
  name: "traffic",
  en: {
    "traffic.heading": "Traffic",
    "traffic.intro":
      "Every request while the log below is open: where it went, why, and how it ended. Kept in memory only (the last 5,000), never synced or exported; hosts only unless you turn on full addresses.",
    "traffic.watch": "Watch the traffic",
    "traffic.pause": "Pause",
    "traffic.resume": "Resume",
    "traffic.clear": "Clear",
    "traffic.fullUrls": "Show full addresses (secrets in them are hidden)",
    "traffic.filterTab": "Tab",
    "traffic.filterSite": "Site",
    "traffic.filterRoute": "Route",
    "traffic.filterOutcome": "Outcome",
    "traffic.any": "Any",
    "traffic.allTabs": "All tabs",
    "traffic.noTab": "The browser and extensions",
    "traffic.routeProxy": "Token #{id}",
    "traffic.routeDirect": "Direct",
    "traffic.routeBlock": "Blocked",
    "traffic.routeUnknown": "…",
    "traffic.failedOnly": "Failed",
    "traffic.okOnly": "Worked",
    "traffic.pendingOnly": "Under way",
    "traffic.why.rule": "rule {position} ({text})",
    "traffic.why.default": "the default route",
    "traffic.why.bypass": "the bypass list",
    "traffic.why.tab": "this tab only",
    "traffic.why.failClosed": "fail closed: {reason}",
    "traffic.outcome.pending": "under way",
    "traffic.outcome.ok": "{status}",
    "traffic.outcome.httpError": "{status} from the site",
    "traffic.outcome.loginRefused": "login refused by the proxy",
    "traffic.outcome.proxyUnreachable": "proxy unreachable ({error})",
    "traffic.outcome.blocked": "blocked (sent nowhere)",
    "traffic.outcome.failed": "failed: {error}",
    "traffic.outcome.cancelled": "stopped by the page or browser",
    "traffic.col.time": "Time",
    "traffic.col.tab": "Tab",
    "traffic.col.host": "Host",
    "traffic.col.route": "Route",
    "traffic.col.why": "Why",
    "traffic.col.outcome": "Outcome",
    "traffic.col.ms": "Took",
    "traffic.ms": "{ms} ms",
    "traffic.count":
      "{shown} of {total, plural, one {# request} other {# requests}} shown (newest first).",
    "traffic.empty": "No request yet: browse in another tab and they appear here.",
    "traffic.paused":
      "Paused: {count, plural, one {# update held} other {# updates held}}, shown when you resume.",
    "traffic.reconnecting": "The background restarted: reconnecting…",
    "traffic.watchingAgain":
      "The background restarted: watching again (requests in between are not in the log).",
  },
} as const;

export type TrafficT = ReturnType<typeof trafficTranslate>;
/** The log counts requests ("1 of 2 requests shown"): its words take plural forms. */
export const trafficTranslate = translateOf(trafficStrings, withPlurals);
