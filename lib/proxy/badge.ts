/** The toolbar badge and title for a proxy status (pure). */
import type { Language } from "../i18n";
import { badgeStrings } from "../i18n/badge-strings";
import { describeFailure } from "../i18n/failure-strings";
import { sayStatus } from "../i18n/status-words";
import { relativeTime } from "../i18n/time";
import { routeStatus } from "../state/route-status";
import type { ProxyStatus } from "../state/status";
import { proxyEndpoint } from "../state/token-facts";
import { lookTag } from "../state/token-look";
import { warningsOf } from "../state/token-warnings";
import type { StoredToken } from "../state/tokens";
import type { UnseenFailure } from "../storage/items";
import type { Badge } from "./platform";

const CONNECTED = "#15803d";
const CHECKING = "#4b5563";
const WARNING = "#b45309";
const BLOCKED = "#b91c1c";

export function badgeFor(
  status: ProxyStatus,
  token: StoredToken | undefined,
  language: Language = "en",
  unseen: UnseenFailure | null = null,
  /** The clock and the user's warning days: a connected token that expires soon shows amber. */
  warn: { now: number; days: number } = { now: 0, days: 0 },
  /**
   * With no token chosen: the user's Off (everything direct), or site rules that still route
   * their sites (the rest direct). Null: neither (no token, no rule).
   */
  without: "off" | "rules" | null = null,
): Badge {
  const t = badgeStrings(language);
  // The title's lead is the status the popup and Options show (route-status.ts): the badge
  // knows the chosen token as the status's, and Off from `without`.
  const chosen = status.state === "direct" ? null : status.tokenId;
  const route = routeStatus(status, { activeTokenId: chosen, off: without === "off" });
  const said = sayStatus(t, route);
  // A block outranks everything: traffic does not flow.
  if (status.state !== "blocked" && unseen) {
    const problem = describeFailure(unseen.failure, language);
    return { text: "!", color: WARNING, title: t(`unseen.${unseen.source}`, { problem }) };
  }
  if (status.controlledByOther) {
    return { text: "!", color: WARNING, title: t("controlledByOther", { status: said }) };
  }
  if (status.state === "blocked") {
    const problem = describeFailure(status.error?.failure ?? { code: "internal" }, language);
    return { text: "STOP", color: BLOCKED, title: t("blocked", { status: said, problem }) };
  }
  if (status.state === "error") {
    const problem = describeFailure(status.error?.failure ?? { code: "internal" }, language);
    // A problem with no token named (none chosen) says only what went wrong.
    const title =
      route.kind === "failing"
        ? t("failing", { status: said, problem })
        : t("problem", { problem });
    return { text: "!", color: WARNING, title };
  }
  if ((status.state === "connected" || status.state === "checking") && token) {
    // The exit's country only when the check went through this token: a direct one is the
    // user's own country, not the token's.
    const exit = status.exitIp?.viaTokenId === token.id ? status.exitIp.countryCode : "";
    const code = (exit || token.countryCode || "ON").slice(0, 4).toUpperCase();
    // The token's colour and name first (its id is in the status word): two tokens of one city
    // read apart here too.
    const where = [lookTag(token), [token.city, token.country].filter(Boolean).join(", ")]
      .filter(Boolean)
      .join(" · ");
    // Nothing known of its place yet: its address tells it apart.
    const place = where
      ? `${where}${token.ip ? ` (${token.ip})` : ""}`
      : token.ip || proxyEndpoint(token);
    const badge =
      status.state === "connected"
        ? { text: code, color: CONNECTED, title: t("connected", { status: said, place }) }
        : { text: code, color: CHECKING, title: t("checking", { status: said, place }) };
    const [warning] = warningsOf(token, warn.now, warn.days);
    if (!warning) return badge;
    const title =
      warning === "expiring"
        ? t("warn.expiring", {
            title: badge.title,
            id: token.id,
            when: relativeTime(token.expiresAt ?? warn.now, warn.now, language),
          })
        : t("warn.traffic", {
            title: badge.title,
            id: token.id,
            percent: Math.floor(
              ((token.trafficUsed ?? 0) / Math.max(1, token.trafficQuota ?? 1)) * 100,
            ),
          });
    return { text: code, color: WARNING, title };
  }
  // No token here: the words are Off or No token whatever a stale status named.
  const none = sayStatus(t, { kind: without === "off" ? "off" : "none", tokenId: null });
  if (without === "off") return { text: "OFF", color: CHECKING, title: t("off", { status: none }) };
  if (without === "rules") {
    return { text: "", color: CONNECTED, title: t("rulesOnly", { status: none }) };
  }
  return { text: "", color: CONNECTED, title: t("direct", { status: none }) };
}
