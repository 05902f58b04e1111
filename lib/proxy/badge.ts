/** The toolbar badge and title for a proxy status (pure). */
import type { ProxyStatus } from "../state/storage";
import type { StoredToken } from "../state/tokens";
import type { Badge } from "./platform";

const CONNECTED = "#15803d";
const WARNING = "#b45309";

export function badgeFor(status: ProxyStatus, token: StoredToken | undefined): Badge {
  if (status.controlledByOther) {
    return {
      text: "!",
      color: WARNING,
      title: "Proxy Deck: another extension controls the proxy setting",
    };
  }
  if (status.state === "error") {
    return { text: "!", color: WARNING, title: `Proxy Deck: ${status.error?.message ?? "error"}` };
  }
  if (status.state === "connected" && token) {
    const code = (status.exitIp?.countryCode || token.countryCode || "ON")
      .slice(0, 4)
      .toUpperCase();
    const place = [token.city, token.country].filter(Boolean).join(", ");
    return {
      text: code,
      color: CONNECTED,
      title: `Proxy Deck: connected via ${place || `token ${token.id}`}${token.ip ? ` (${token.ip})` : ""}`,
    };
  }
  return { text: "", color: CONNECTED, title: "Proxy Deck: direct (no proxy)" };
}
