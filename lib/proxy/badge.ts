/** The toolbar badge and title for a proxy status (pure). */
import type { Language } from "../i18n";
import { badgeStrings } from "../i18n/badge-strings";
import { describeFailure } from "../i18n/failure-strings";
import { relativeTime } from "../i18n/time";
import type { UnseenFailure } from "../state/items";
import type { ProxyStatus } from "../state/status";
import { menuTag } from "../state/token-look";
import { warningsOf } from "../state/token-warnings";
import type { StoredToken } from "../state/tokens";
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
  // A block outranks everything: traffic does not flow.
  if (status.state !== "blocked" && unseen) {
    const problem = describeFailure(unseen.failure, language);
    return { text: "!", color: WARNING, title: t(`unseen.${unseen.source}`, { problem }) };
  }
  if (status.controlledByOther) {
    return { text: "!", color: WARNING, title: t("controlledByOther") };
  }
  if (status.state === "blocked") {
    const problem = describeFailure(status.error?.failure ?? { code: "internal" }, language);
    return { text: "STOP", color: BLOCKED, title: t("blocked", { problem }) };
  }
  if (status.state === "error") {
    const problem = describeFailure(status.error?.failure ?? { code: "internal" }, language);
    return { text: "!", color: WARNING, title: t("problem", { problem }) };
  }
  if ((status.state === "connected" || status.state === "checking") && token) {
    const code = (status.exitIp?.countryCode || token.countryCode || "ON")
      .slice(0, 4)
      .toUpperCase();
    // The token's id, colour and name first: two tokens of one city read apart here too.
    const where = [menuTag(token), [token.city, token.country].filter(Boolean).join(", ")]
      .filter(Boolean)
      .join(" · ");
    const place = `${where}${token.ip ? ` (${token.ip})` : ""}`;
    const badge =
      status.state === "connected"
        ? { text: code, color: CONNECTED, title: t("connected", { place }) }
        : { text: code, color: CHECKING, title: t("checking", { place }) };
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
  if (without === "off") return { text: "OFF", color: CHECKING, title: t("off") };
  if (without === "rules") return { text: "", color: CONNECTED, title: t("rulesOnly") };
  return { text: "", color: CONNECTED, title: t("direct") };
}
