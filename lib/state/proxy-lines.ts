/**
 * Proxies the user already has, as lines of text: `host:port:user:pass`, `user:pass@host:port`,
 * `http://user:pass@host:port`, `socks5://…`, or CSV with a header (host, port, username,
 * password, and optionally type, name, country, expires). Each line is judged alone and says
 * why when it is refused; nothing here stores anything. Pure and zod-free: the page previews
 * with it, and the background parses again before it stores.
 */
import { type CsvColumns, csvHeader, parseCsvRow } from "./proxy-csv";
import { build, type LineProblem, type ProxyLine, parseLine } from "./proxy-line";

export { type LineProblem, type ProxyLine, parseLine };

/** One proxy as the field form gives it: checked by the paste box's own field checks. */
export interface ProxyFields {
  networkType: "HTTP" | "SOCKS5";
  host: string;
  port: string;
  username: string;
  password: string;
}

export type LineVerdict =
  | { line: number; outcome: "added"; proxy: ProxyLine }
  | { line: number; outcome: "duplicate"; proxy: ProxyLine }
  | { line: number; outcome: "rejected"; problem: LineProblem; text: string };

export const MAX_LINES = 10_000;

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

/** The field form's proxy judged as the paste box judges a line (line 1: the only one). */
export function judgeFields(
  fields: ProxyFields,
  held: readonly Pick<ProxyLine, "host" | "port" | "username">[],
): LineVerdict[] {
  const parsed = build(
    fields.host,
    fields.port,
    fields.username,
    fields.password,
    fields.networkType,
  );
  if (!parsed.ok)
    return [{ line: 1, outcome: "rejected", problem: parsed.problem, text: fields.host }];
  const key = keyOf(parsed.proxy);
  const outcome = held.some((p) => keyOf(p) === key) ? "duplicate" : "added";
  return [{ line: 1, outcome, proxy: parsed.proxy }];
}
