/**
 * Proxies the user already has, as lines of text: `host:port:user:pass`, `user:pass@host:port`,
 * `http://user:pass@host:port`, `socks5://…`, or CSV with a header (host, port, username,
 * password, and optionally type, name, country, expires). Each line is judged alone and says
 * why when it is refused; nothing here stores anything. Pure and zod-free: the page previews
 * with it, and the background parses again before it stores.
 */

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
}

export type LineProblem =
  | "format"
  | "port"
  | "host"
  | "credentials"
  | "scheme"
  | "expires"
  | "too-long"
  | "too-many";

export type LineVerdict =
  | { line: number; outcome: "added"; proxy: ProxyLine }
  | { line: number; outcome: "duplicate"; proxy: ProxyLine }
  | { line: number; outcome: "rejected"; problem: LineProblem; text: string };

export const MAX_LINES = 10_000;
const MAX_FIELD = 1024;

const SCHEMES: Record<string, "HTTP" | "SOCKS5"> = {
  http: "HTTP",
  https: "HTTP",
  socks5: "SOCKS5",
  socks5h: "SOCKS5",
};

/** A host as a proxy config can hold it: a name, IPv4, or IPv6 (without brackets). */
function checkedHost(raw: string): string | null {
  const host = raw.startsWith("[") && raw.endsWith("]") ? raw.slice(1, -1) : raw;
  if (host === "" || host.length > 253) return null;
  if (host.includes(":")) return /^[0-9a-f:.]+$/i.test(host) ? host.toLowerCase() : null;
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host)
    ? host.toLowerCase()
    : null;
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

type Parsed = { ok: true; proxy: ProxyLine } | { ok: false; problem: LineProblem };

function build(
  hostRaw: string,
  portRaw: string,
  username: string,
  password: string,
  networkType: "HTTP" | "SOCKS5",
  extra: Partial<Pick<ProxyLine, "name" | "country" | "expiresAt">> = {},
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

/** A CSV row's cells: commas separate, double quotes may wrap a cell ("" is a quote). */
function csvCells(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const char = row[i];
    if (quoted) {
      if (char === '"' && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

const CSV_NAMES: Record<string, keyof CsvColumns> = {
  host: "host",
  ip: "host",
  address: "host",
  port: "port",
  username: "username",
  user: "username",
  login: "username",
  password: "password",
  pass: "password",
  type: "type",
  protocol: "type",
  name: "name",
  country: "country",
  expires: "expires",
  expires_at: "expires",
  expiry: "expires",
};
interface CsvColumns {
  host?: number;
  port?: number;
  username?: number;
  password?: number;
  type?: number;
  name?: number;
  country?: number;
  expires?: number;
}

/** A header row names at least host and port: the file is CSV from there on. */
function csvHeader(row: string): CsvColumns | null {
  if (!row.includes(",")) return null;
  const columns: CsvColumns = {};
  csvCells(row).forEach((name, index) => {
    const key = CSV_NAMES[name.toLowerCase()];
    if (key && columns[key] === undefined) columns[key] = index;
  });
  return columns.host !== undefined && columns.port !== undefined ? columns : null;
}

function parseCsvRow(row: string, columns: CsvColumns): Parsed {
  const cells = csvCells(row);
  const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? ""));
  const type = cell(columns.type).toLowerCase();
  const networkType = type === "" ? "HTTP" : SCHEMES[type];
  if (!networkType) return { ok: false, problem: "scheme" };
  const expiresText = cell(columns.expires);
  const expiresAt = expiresText === "" ? null : Date.parse(expiresText);
  if (expiresAt !== null && !Number.isFinite(expiresAt)) return { ok: false, problem: "expires" };
  return build(
    cell(columns.host),
    cell(columns.port),
    cell(columns.username),
    cell(columns.password),
    networkType,
    { name: cell(columns.name), country: cell(columns.country), expiresAt },
  );
}

const keyOf = (p: Pick<ProxyLine, "host" | "port" | "username">) =>
  `${p.host}\u0000${p.port}\u0000${p.username}`;

/**
 * Every line judged: added, already there (held already, or earlier in the text), or refused
 * with its reason. Blank lines and `#` comments are skipped; past MAX_LINES lines, refused.
 */
export function parseProxyLines(
  text: string,
  held: readonly Pick<ProxyLine, "host" | "port" | "username">[],
): LineVerdict[] {
  const seen = new Set(held.map(keyOf));
  const verdicts: LineVerdict[] = [];
  let columns: CsvColumns | null = null;
  let counted = 0;
  const rows = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (let i = 0; i < rows.length; i++) {
    const row = (rows[i] ?? "").trim();
    if (row === "" || row.startsWith("#")) continue;
    if (counted === 0 && columns === null) {
      columns = csvHeader(row);
      if (columns) continue;
    }
    counted++;
    const line = i + 1;
    if (counted > MAX_LINES) {
      verdicts.push({ line, outcome: "rejected", problem: "too-many", text: row.slice(0, 200) });
      continue;
    }
    const parsed = columns ? parseCsvRow(row, columns) : parseLine(row);
    if (!parsed.ok) {
      verdicts.push({
        line,
        outcome: "rejected",
        problem: parsed.problem,
        text: row.slice(0, 200),
      });
      continue;
    }
    const key = keyOf(parsed.proxy);
    verdicts.push({ line, outcome: seen.has(key) ? "duplicate" : "added", proxy: parsed.proxy });
    seen.add(key);
  }
  return verdicts;
}
