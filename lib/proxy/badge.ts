/** The toolbar badge and title for a proxy status (pure). */
import type { Language } from "../i18n";
import { badgeStrings } from "../i18n/badge-strings";
import { describeFailure } from "../i18n/failure-strings";
import type { ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
import type { Badge } from "./platform";

const CONNECTED = "#15803d";
const WARNING = "#b45309";

export function badgeFor(
  status: ProxyStatus,
  token: StoredToken | undefined,
  language: Language = "en",
): Badge {
  const t = badgeStrings(language);
  if (status.controlledByOther) {
    return { text: "!", color: WARNING, title: t("controlledByOther") };
  }
  if (status.state === "error") {
    const problem = describeFailure(status.error?.failure ?? { code: "internal" }, language);
    return { text: "!", color: WARNING, title: t("problem", { problem }) };
  }
  if (status.state === "connected" && token) {
    const code = (status.exitIp?.countryCode || token.countryCode || "ON")
      .slice(0, 4)
      .toUpperCase();
    const place = [token.city, token.country].filter(Boolean).join(", ");
    const name = place || t("token", { id: token.id });
    const title = t("connected", { place: `${name}${token.ip ? ` (${token.ip})` : ""}` });
    return { text: code, color: CONNECTED, title };
  }
  return { text: "", color: CONNECTED, title: t("direct") };
}
