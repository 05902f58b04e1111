/**
 * A proxy from another extension, checked by the same field rules "Add proxies" applies
 * (proxy-line.ts), so the preview says now what the background would refuse later.
 */
import { build } from "../state/proxy-line";
import type { ForeignProxy, SkipWhy } from "./foreign";

export type CheckedProxy =
  | { ok: true; proxy: ForeignProxy }
  | { ok: false; why: SkipWhy; detail?: string };

export function proxyOf(
  name: string,
  scheme: string,
  host: string,
  port: string,
  username: string,
  password: string,
): CheckedProxy {
  const type = scheme.toLowerCase();
  // Proxy Deck speaks plain HTTP or SOCKS5 to a proxy: an HTTPS (TLS) proxy, SOCKS4 or a PAC
  // script would not carry traffic as they did there.
  if (type !== "http" && type !== "socks5") return { ok: false, why: "proxy-type", detail: scheme };
  // Added as CSV, whose cells are trimmed and whose rows end at a line break: a login that
  // such a cell would change is not taken rather than stored wrong.
  const odd = (s: string) =>
    s !== s.trim() || [...s].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127);
  if (odd(username) || odd(password)) return { ok: false, why: "odd-login" };
  const built = build(host, port, username, password, type === "http" ? "HTTP" : "SOCKS5", {
    name: name.slice(0, 200),
  });
  if (!built.ok) {
    return built.problem === "credentials" || built.problem === "too-long"
      ? { ok: false, why: "no-login" }
      : { ok: false, why: "bad-address", detail: `${host}:${port}` };
  }
  const { proxy } = built;
  return {
    ok: true,
    proxy: {
      name: proxy.name,
      host: proxy.host,
      port: proxy.port,
      type,
      username: proxy.username,
      password: proxy.password,
    },
  };
}
