/**
 * Importing a rule list (pure): the AutoProxy format SwitchyOmega reads (gfwlist and friends,
 * base64 or not), or plain patterns one per line. Each line is judged alone and says why it
 * was refused; the accepted lines are stored as they were written, and the router reads them
 * again with `parseListLine`, so the stored list is exactly what the user sees.
 *
 * A bare line is where the two formats disagree: AutoProxy reads `example.com` as a keyword
 * (a substring of a plain-http URL), our editor as the domain and its subdomains. A list that
 * starts with an `[AutoProxy …]` header is read the AutoProxy way. The header is a comment, as
 * in omega-pac, yet it is stored as the list's first line: it is how a stored list remembers
 * which way to read the others (and how lists stored before remember it).
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

/** `line` is null for a comment (the header included): it is read, and routes nothing. */
export type ParsedListLine =
  | { ok: true; line: ListLine | null }
  | { ok: false; problem: ListProblem };

export interface ListLineVerdict {
  number: number;
  text: string;
  outcome: "imported" | "comment" | "rejected";
  problem?: ListProblem;
  /** An imported line as the router reads it. */
  meaning?: ListLine;
  /** The `[AutoProxy …]` header: a comment that says the bare lines are keywords. */
  header?: true;
}

/** Why a list would send no address along its route. */
export type Unrouted = "only-comments" | "only-exceptions" | "all-rejected";

export interface RuleListImport {
  lines: ListLineVerdict[];
  /** What to store as the list's `lines` (header included, `@@` kept), at most MAX_LIST_LINES. */
  accepted: string[];
  /** Set when no line would send an address along the list's route: nothing to add. */
  unrouted: Unrouted | null;
}

/** `[Name …]`, but not a bracketed IPv6 address such as `[::1]`. */
const isHeader = (line: string) => /^\[[^\]]*\]$/.test(line) && !/^\[[0-9a-f:.]*\]$/i.test(line);
const isAutoProxyHeader = (line: string) => /^\[autoproxy\b[^\]]*\]$/i.test(line.trim());
/**
 * omega-pac's AutoProxy parser skips lines starting with `!` or `[` (rule_list.coffee). A `#`
 * line is a keyword there, one that never matches (no URL the rules see holds a fragment), so
 * it is a comment here too. Plain lists also take `;` comments and `[Section]` headers.
 */
const isComment = (line: string, dialect: ListDialect) =>
  dialect === "autoproxy" ? /^[!#[]/.test(line) : /^[!#;]/.test(line) || isHeader(line);

/** How a stored list's bare lines read, from its first line. */
export const listDialect = (firstLine: string): ListDialect =>
  isAutoProxyHeader(firstLine) ? "autoproxy" : "patterns";

/** A stored list's lines that are rules: all but the AutoProxy header. */
export const ruleLines = (lines: readonly string[]): readonly string[] =>
  listDialect(lines[0] ?? "") === "autoproxy" ? lines.slice(1) : lines;

const fail = (problem: ListProblem) => ({ ok: false, problem }) as const;

/** One list line, as the router reads it. */
export function parseListLine(text: string, dialect: ListDialect): ParsedListLine {
  const line = text.trim();
  if (line === "") return fail("empty");
  if (line.length > MAX_PATTERN_LENGTH) return fail("too-long");
  if (isComment(line, dialect)) return { ok: true, line: null };
  const exception = line.startsWith("@@");
  const body = exception ? line.slice(2) : line;
  if (body === "") return fail("empty");
  if (/\s/.test(body)) return fail("spaces");
  const parsed = parseBody(body, dialect);
  return parsed.ok ? { ok: true, line: { exception, pattern: parsed.pattern } } : parsed;
}

type Body = { ok: true; pattern: Pattern } | { ok: false; problem: ListProblem };

/** Adblock Plus options and element hiding: no proxy list means them, none is guessed at. */
const isAdblock = (body: string) => /\$|##|#@#/.test(body);

function parseBody(body: string, dialect: ListDialect): Body {
  if (body.startsWith("/")) return parseRegex(body);
  if (body.startsWith("|")) {
    if (isAdblock(body)) return fail("unsupported");
    if (body.startsWith("||")) return parseHostAnchor(body.slice(2));
    const end = body.length > 2 && body.endsWith("|");
    const text = lowerOrigin(end ? body.slice(1, -1) : body.slice(1));
    if (text === "" || text.includes("|")) return fail("bad-wildcard");
    return { ok: true, pattern: { kind: "url-start", text, end } };
  }
  if (dialect === "patterns") {
    if (isAdblock(body)) return fail("unsupported");
    return body.includes("|") ? fail("bad-wildcard") : parsePattern(body);
  }
  // A keyword is any text to omega-pac, `$` and `|` included. Only element hiding is refused
  // (it holds `#`, so it never matches), and `|` beside `*`: omega-pac would split the line
  // into `|`-separated wildcards, which can match every URL (`a*|` does).
  if (body.includes("##") || body.includes("#@#")) return fail("unsupported");
  if (body.includes("*") && body.includes("|")) return fail("bad-wildcard");
  return { ok: true, pattern: { kind: "keyword", text: body } };
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
    // Not base64 of UTF-8: not this format (the caller reads the text as plain lines).
    return null;
  }
  if (hasControlCharacters(decoded)) return null;
  if (!/[\r\n]/.test(decoded.trim()) && !decoded.trimStart().startsWith("[")) return null;
  return decoded;
}

/** Lines judged at most, comments and refused lines included. */
const MAX_JUDGED_LINES = 2 * MAX_LIST_LINES;

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
    const text = row.trim();
    if (text === "") continue;
    const at = { number: i + 1, text };
    // Every line judged is kept for the page to show: a list of millions of comment lines
    // (5 MiB of `!`) built 2.5 million verdicts in the worker. Past twice the accepted cap: done.
    if (lines.length >= MAX_JUDGED_LINES) {
      lines.push({ ...at, outcome: "rejected", problem: "too-many" });
      break;
    }
    const parsed: ParsedListLine =
      bangIsExclusion && text.startsWith("!") ? fail("unsupported") : parseListLine(text, dialect);
    if (!parsed.ok) {
      lines.push({ ...at, outcome: "rejected", problem: parsed.problem });
    } else if (parsed.line && accepted.length >= MAX_LIST_LINES) {
      lines.push({ ...at, outcome: "rejected", problem: "too-many" });
      break;
    } else if (parsed.line) {
      lines.push({ ...at, outcome: "imported", meaning: parsed.line });
      accepted.push(text);
    } else if (i === firstIndex && dialect === "autoproxy") {
      lines.push({ ...at, outcome: "comment", header: true });
      accepted.push(text);
    } else {
      lines.push({ ...at, outcome: "comment" });
    }
  }
  return { lines, accepted, unrouted: unrouted(lines) };
}

function unrouted(lines: readonly ListLineVerdict[]): Unrouted | null {
  const imported = lines.filter((line) => line.outcome === "imported");
  if (imported.some((line) => !line.meaning?.exception)) return null;
  if (imported.length > 0) return "only-exceptions";
  return lines.some((line) => line.outcome === "rejected") ? "all-rejected" : "only-comments";
}
