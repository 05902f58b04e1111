/** What the copy buttons put on the clipboard (pure). */
import type { StoredToken } from "../state/tokens";

type Endpoint = Pick<StoredToken, "host" | "port" | "username" | "password" | "networkType">;

/** `host:port:user:pass`, the line most proxy tools import (not encoded: tools split on ":"). */
export const credentialLine = (t: Endpoint) => `${t.host}:${t.port}:${t.username}:${t.password}`;

/** An IPv6 literal needs brackets inside a URL. */
const urlHost = (host: string) =>
  host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;

/**
 * A proxy URL for `curl -x`: user and password percent-encoded, so an "@" or ":" in them
 * cannot change where curl connects. SOCKS5 uses `socks5h` so that names resolve through the
 * proxy (no DNS leak).
 */
export function proxyUrl(t: Endpoint): string {
  const scheme = t.networkType === "SOCKS5" ? "socks5h" : "http";
  const user = encodeURIComponent(t.username);
  const pass = encodeURIComponent(t.password);
  return `${scheme}://${user}:${pass}@${urlHost(t.host)}:${t.port}`;
}
