/**
 * One proxy line in a plain format (`host:port:user:pass`, `user:pass@host:port`, a URL with
 * http, https or socks5), checked field by field: the host a config can hold, the port, the
 * credentials Proxy Deck signs in with. Pure and zod-free.
 */
import { isUsableHost } from "./usable-host";

export interface ProxyLine {
  host: string;
  port: number;
  username: string;
  password: string;
  networkType: "HTTP" | "SOCKS5";
  name: string;
  country: string;
  /** Epoch ms, or null. */
  expiresAt: number | null;
  /** The provider's token id, when the user has it: links provider delete and restore. */
  providerId: number | null;
}

export type LineProblem =
  | "format"
  | "port"
  | "host"
  | "credentials"
  | "scheme"
  | "expires"
  | "too-long"
  | "too-many"
  | "token-id"
  | "token-held";

const MAX_FIELD = 1024;

export const SCHEMES: Record<string, "HTTP" | "SOCKS5"> = {
  http: "HTTP",
  https: "HTTP",
  socks5: "SOCKS5",
  socks5h: "SOCKS5",
};

/** A host as a proxy config can hold it: a name, IPv4, or IPv6 (without brackets). */
function checkedHost(raw: string): string | null {
  const host = (raw.startsWith("[") && raw.endsWith("]") ? raw.slice(1, -1) : raw).toLowerCase();
  // The check every door makes (a name the URL parser reads as another host is none).
  return isUsableHost(host) ? host : null;
}

function checkedPort(raw: string): number | null {
  if (!/^\d{1,5}$/.test(raw)) return null;
  const port = Number(raw);
  return port >= 1 && port <= 65535 ? port : null;
}

/** "host:port" or "[v6]:port" → its parts. */
function splitHostPort(text: string): { host: string; port: string } | null {
  const v6 = /^(\[[^\]]+\]):(\d+)$/.exec(text);
  if (v6) return { host: v6[1] ?? "", port: v6[2] ?? "" };
  const at = text.lastIndexOf(":");
  if (at <= 0) return null;
  return { host: text.slice(0, at), port: text.slice(at + 1) };
}

export type Parsed = { ok: true; proxy: ProxyLine } | { ok: false; problem: LineProblem };

export function build(
  hostRaw: string,
  portRaw: string,
  username: string,
  password: string,
  networkType: "HTTP" | "SOCKS5",
  extra: Partial<Pick<ProxyLine, "name" | "country" | "expiresAt" | "providerId">> = {},
): Parsed {
  const host = checkedHost(hostRaw.trim());
  if (host === null) return { ok: false, problem: "host" };
  const port = checkedPort(portRaw.trim());
  if (port === null) return { ok: false, problem: "port" };
  if (username === "" || password === "") return { ok: false, problem: "credentials" };
  if (username.length > MAX_FIELD || password.length > MAX_FIELD) {
    return { ok: false, problem: "too-long" };
  }
  return {
    ok: true,
    proxy: {
      host,
      port,
      username,
      password,
      networkType,
      name: extra.name ?? "",
      country: extra.country ?? "",
      expiresAt: extra.expiresAt ?? null,
      providerId: extra.providerId ?? null,
    },
  };
}

/** One line in any of the plain formats. */
export function parseLine(text: string): Parsed {
  let rest = text.trim();
  let networkType: "HTTP" | "SOCKS5" = "HTTP";
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
  if (scheme) {
    const type = SCHEMES[(scheme[1] ?? "").toLowerCase()];
    if (!type) return { ok: false, problem: "scheme" };
    networkType = type;
    rest = rest.slice(scheme[0].length).replace(/\/+$/, "");
  }
  // user:pass@host:port — the last "@" ends the password, which may hold "@" itself.
  const at = rest.lastIndexOf("@");
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    const where = splitHostPort(rest.slice(at + 1));
    const colon = credentials.indexOf(":");
    if (!where || colon < 0) return { ok: false, problem: scheme ? "credentials" : "format" };
    const decode = (value: string) => {
      try {
        return scheme ? decodeURIComponent(value) : value;
      } catch {
        // A stray "%" is a character of the password, not an escape: kept as typed.
        return value;
      }
    };
    return build(
      where.host,
      where.port,
      decode(credentials.slice(0, colon)),
      decode(credentials.slice(colon + 1)),
      networkType,
    );
  }
  if (scheme) return { ok: false, problem: "credentials" };
  // host:port:user:pass — the password is everything after the third colon.
  const v6 = /^(\[[^\]]+\]):(\d+):([^:]*):(.*)$/.exec(rest);
  if (v6) return build(v6[1] ?? "", v6[2] ?? "", v6[3] ?? "", v6[4] ?? "", networkType);
  const parts = rest.split(":");
  if (parts.length < 4)
    return { ok: false, problem: parts.length === 2 ? "credentials" : "format" };
  const [host = "", port = "", username = "", ...password] = parts;
  return build(host, port, username, password.join(":"), networkType);
}
