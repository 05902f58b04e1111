/**
 * Importing a rule list (pure): the AutoProxy format SwitchyOmega reads (gfwlist and friends,
 * base64 or not), or plain patterns one per line. Each line is judged alone and says why it
 * was refused; the accepted lines are stored as they were written, and the router reads them
 * again with `parseListLine`, so the stored list is exactly what the user sees.
 *
 * A bare line is where the two formats disagree: AutoProxy reads `example.com` as a keyword
 * (a substring of a plain-http URL), our editor as the domain and its subdomains. A list that
 * starts with an `[AutoProxy …]` header is read the AutoProxy way, so the header is kept as
 * the first accepted line: it is how the stored list remembers which way to read it.
 */
import { type Pattern, type PatternProblem, parsePattern, parseRegex } from "./pattern";
import { MAX_LIST_LINES, MAX_PATTERN_LENGTH } from "./rules";

export type ListDialect = "autoproxy" | "patterns";
export type ListProblem = PatternProblem | "unsupported" | "too-many";

export interface ListLine {
  /** An `@@` line: it keeps its list's rule from matching, wherever in the list it stands. */
  exception: boolean;
  pattern: Pattern;
}

export type ParsedListLine = { ok: true; line: ListLine } | { ok: false; problem: ListProblem };

export interface ListLineVerdict {
  number: number;
  text: string;
  outcome: "imported" | "comment" | "rejected";
  problem?: ListProblem;
}

export interface RuleListImport {
  lines: ListLineVerdict[];
  /** What to store as the list's `lines` (header included, `@@` kept), at most MAX_LIST_LINES. */
  accepted: string[];
}

/** `[Name …]`, but not a bracketed IPv6 address such as `[::1]`. */
const isHeader = (line: string) => /^\[[^\]]*\]$/.test(line) && !/^\[[0-9a-f:.]*\]$/i.test(line);
const isAutoProxyHeader = (line: string) => /^\[autoproxy\b[^\]]*\]$/i.test(line.trim());
/** `!` (AutoProxy), `#` and `;` comments, and `[…]` headers other than AutoProxy's. */
const isComment = (line: string) =>
  /^[!#;]/.test(line) || (isHeader(line) && !isAutoProxyHeader(line));

/** How a stored list's bare lines read, from its first line. */
export const listDialect = (firstLine: string): ListDialect =>
  isAutoProxyHeader(firstLine) ? "autoproxy" : "patterns";

const fail = (problem: ListProblem) => ({ ok: false, problem }) as const;

/** One accepted list line, as the router reads it. Headers and comments are not patterns. */
export function parseListLine(text: string, dialect: ListDialect): ParsedListLine {
  const line = text.trim();
  if (line === "") return fail("empty");
  if (line.length > MAX_PATTERN_LENGTH) return fail("too-long");
  if (isComment(line) || isHeader(line)) return fail("unsupported");
  const exception = line.startsWith("@@");
  const body = exception ? line.slice(2) : line;
  if (body === "") return fail("empty");
  if (/\s/.test(body)) return fail("spaces");
  const parsed = parseBody(body, dialect);
  return parsed.ok ? { ok: true, line: { exception, pattern: parsed.pattern } } : parsed;
}

type Body = { ok: true; pattern: Pattern } | { ok: false; problem: ListProblem };

function parseBody(body: string, dialect: ListDialect): Body {
  if (body.startsWith("/")) return parseRegex(body);
  // Adblock Plus options and element hiding: no proxy list means them, none is guessed at.
  if (body.includes("$") || body.includes("##") || body.includes("#@#")) return fail("unsupported");
  if (body.startsWith("||")) return parseHostAnchor(body.slice(2));
  if (body.startsWith("|")) {
    const end = body.length > 2 && body.endsWith("|");
    const text = lowerOrigin(end ? body.slice(1, -1) : body.slice(1));
    if (text === "" || text.includes("|")) return fail("bad-wildcard");
    return { ok: true, pattern: { kind: "url-start", text, end } };
  }
  if (body.includes("|")) return fail("bad-wildcard");
  if (dialect === "autoproxy") return { ok: true, pattern: { kind: "keyword", text: body } };
  return parsePattern(body);
}

/** `||host`: the host and its subdomains; with a path or port, URLs there (AutoProxy's reading). */
function parseHostAnchor(rest: string): Body {
  const host = rest.replace(/\^$/, "").replace(/\/$/, "");
  if (host === "" || host.startsWith("/") || host.startsWith("*://")) return fail("bad-host");
  if (/[/:]/.test(host)) {
    const slash = host.indexOf("/");
    const authority = slash < 0 ? host : host.slice(0, slash);
    const path = slash < 0 ? "/" : host.slice(slash);
    return parsePattern(`*://*.${authority}${path}*`);
  }
  const parsed = parsePattern(/[*?]/.test(host) ? `*.${host}` : host);
  if (parsed.ok && !["domain", "host-wildcard", "cidr"].includes(parsed.pattern.kind)) {
    return fail("bad-host");
  }
  return parsed;
}

/** Scheme and host of a `|` line are matched against a lowercase URL, so lowercase them. */
function lowerOrigin(text: string): string {
  const match = /^[^/]*:\/\/[^/]*/.exec(text);
  return match ? match[0].toLowerCase() + text.slice(match[0].length) : text;
}

/** Text has tabs and line ends; other control characters say the bytes were not text. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/**
 * The text of a whole-file base64 list (gfwlist), or null when the file is not one. A plain
 * list of words could be valid base64 by chance, so the decoded text must also be clean UTF-8
 * text of several lines.
 */
export function decodeBase64List(text: string): string | null {
  const compact = text.replace(/\s+/g, "");
  if (compact.length < 8 || compact.length % 4 !== 0) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  let decoded: string;
  try {
    const binary = atob(compact);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (hasControlCharacters(decoded)) return null;
  if (!/[\r\n]/.test(decoded.trim()) && !decoded.trimStart().startsWith("[")) return null;
  return decoded;
}

/** Every line judged (blank ones skipped); the accepted lines capped at MAX_LIST_LINES. */
export function parseRuleList(text: string): RuleListImport {
  const source = (decodeBase64List(text) ?? text).replace(/^\uFEFF/, "");
  const rows = source.split(/\r\n|\r|\n/);
  const firstIndex = rows.findIndex((row) => row.trim() !== "");
  const first = rows[firstIndex]?.trim() ?? "";
  const dialect = listDialect(first);
  // SwitchyOmega's own format uses `!` for exclusions, not comments: refuse them visibly
  // rather than drop them and send the excluded sites where the list's rule leads.
  const bangIsExclusion = /^\[switchyomega conditions/i.test(first);
  const lines: ListLineVerdict[] = [];
  const accepted: string[] = [];
  for (const [i, row] of rows.entries()) {
    const line = row.trim();
    if (line === "") continue;
    const number = i + 1;
    const header = i === firstIndex && dialect === "autoproxy";
    if (!header && bangIsExclusion && line.startsWith("!")) {
      lines.push({ number, text: line, outcome: "rejected", problem: "unsupported" });
      continue;
    }
    if (!header && (isComment(line) || isHeader(line))) {
      lines.push({ number, text: line, outcome: "comment" });
      continue;
    }
    if (accepted.length >= MAX_LIST_LINES) {
      lines.push({ number, text: line, outcome: "rejected", problem: "too-many" });
      break;
    }
    const parsed = header ? null : parseListLine(line, dialect);
    if (parsed && !parsed.ok) {
      lines.push({ number, text: line, outcome: "rejected", problem: parsed.problem });
      continue;
    }
    lines.push({ number, text: line, outcome: "imported" });
    accepted.push(line);
  }
  return { lines, accepted };
}
