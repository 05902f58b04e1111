/**
 * What a diagnostics event may say (pure): a user pastes the log into a support ticket, so it
 * never holds a secret (passwords, tokens, API keys, Authorization values, proxy logins) nor an
 * address beyond its host (no path, query or user:password@). Error messages come from
 * anywhere (the browser, fetch, a provider's answer), so the text is scrubbed by shape, not
 * trusted by origin: every rule below errs on the side of saying less.
 */

/** The longest text an event keeps (characters). */
export const TEXT_MAX = 300;
/** The longest `where` tag. */
export const WHERE_MAX = 60;
/** Longer input is cut before the rules run: they stay cheap on a megabyte of error text. */
const INPUT_MAX = 4_000;

export const REDACTED = "[redacted]";

/** `Authorization: Bearer …`, `Proxy-Authorization=Basic …`, JSON `"authorization":"…"`. */
const AUTH_HEADER =
  /\b((?:proxy-)?authori[sz]ation)["']?\s*[:=]\s*["']?(?:(?:bearer|basic|digest|negotiate)\s+)?[^\s"',;}]+["']?/gi;
/** A credential after its scheme's name, outside a header: `Bearer abc.def`, `Basic dXNl…`. */
const SCHEME_CREDENTIAL = /\b(bearer|basic|digest)\s+[A-Za-z0-9._~+/=-]{4,}/gi;
/** Anything with a scheme and `//`: replaced by its host. */
const URL_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>(){}|\\^`]*/gi;
/** A data: address carries its whole content. */
const DATA_URL = /\bdata:[^\s"'<>]*/gi;
/** `host:port:user:password`, the proxy-line form (lib/state/proxy-line.ts). */
const PROXY_LINE = /\b((?:[a-z0-9-]+\.)*[a-z0-9-]+|\[[0-9a-f:.]+\]):(\d{1,5}):[^\s:]+:\S+/gi;
/** `user:password@` or `login@` before a host, with or without a scheme around it. */
const USERINFO = /[^\s@/"'<>]+@(?=[a-z0-9[])/gi;
/** `password=…`, `"token": "…"`, `api_key: …`: the value after a name that says secret. */
const SECRET_PAIR =
  /\b((?:[a-z]+[_-])*(?:pass(?:word|wd)?|pwd|secret|(?:access|refresh|auth|api|id)?[_-]?token|(?:api|access|private|secret)[_-]?key|apikey|client[_-]?secret|session(?:[_-]?(?:id|key))?|sig(?:nature)?|credentials?|cookie|user(?:[_-]?name)?|login)["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi;
/** A query string (`?a=b`), wherever it is left. */
const QUERY = /\?[^\s"'<>]*=[^\s"'<>]*/g;
/** A host name followed by its path: `gw.example.com/a/b` → `gw.example.com`. */
const HOST_PATH = /\b((?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*\.?(?::\d{1,5})?)[/#][^\s"'<>]*/gi;
/**
 * A long opaque run (a key, a token, a hash, a base64 login) with nothing to read in it: one
 * with a digit or with both cases. A browser's error code (ERR_MANDATORY_PROXY_…) stays.
 */
const OPAQUE = /[A-Za-z0-9+/_=-]{32,}/g;
const opaque = (run: string) =>
  /\d/.test(run) || (/[a-z]/.test(run) && /[A-Z]/.test(run)) ? REDACTED : run;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** An address as its host (and port); "[url]" when it has none a reader could use. */
function hostOfUrl(text: string): string {
  try {
    const { host } = new URL(text);
    return host || "[url]";
  } catch {
    // Not an address the URL parser takes: nothing of it is kept, so nothing can leak.
    return "[url]";
  }
}

/** Cut to `max` characters (code points: a cut never splits a character), "…" when cut. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** Free text as an event may keep it: no secrets, addresses as hosts, one line, bounded. */
export function scrubText(raw: string, max = TEXT_MAX): string {
  let text = String(raw);
  if (text.length > INPUT_MAX) {
    // The cut word may be half a secret no rule would know: it goes too.
    const cut = text.slice(0, INPUT_MAX);
    const space = cut.search(/\s\S*$/);
    text = space > 0 ? cut.slice(0, space) : "";
  }
  text = text
    .replace(CONTROL, " ")
    .replace(AUTH_HEADER, (_m, name: string) => `${name}: ${REDACTED}`)
    .replace(URL_LIKE, hostOfUrl)
    .replace(DATA_URL, "[data]")
    .replace(SCHEME_CREDENTIAL, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(PROXY_LINE, (_m, host: string, port: string) => `${host}:${port}:${REDACTED}`)
    .replace(USERINFO, `${REDACTED}@`)
    .replace(SECRET_PAIR, (_m, name: string) => `${name}${REDACTED}`)
    .replace(QUERY, "")
    .replace(HOST_PATH, "$1")
    .replace(OPAQUE, opaque)
    .replace(/\s+/g, " ")
    .trim();
  return bounded(text, max);
}

/** A `where` tag: letters, digits and `._:-` only (it names code, never data), bounded. */
export function scrubWhere(raw: string): string {
  const tag = scrubText(raw, WHERE_MAX * 2).replace(/[^\w.:-]+/g, "_");
  return bounded(tag, WHERE_MAX) || "unknown";
}
