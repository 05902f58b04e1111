/**
 * Base URL validation for the credentials form (pure). HTTPS is required because the API
 * credentials travel in every request; plain HTTP is allowed only to this machine (a local
 * provider such as the sandbox), where nothing crosses a network.
 */

export type BaseUrlProblem =
  | "empty"
  | "not-a-url"
  | "scheme"
  | "https-required"
  | "credentials-in-url"
  | "query-or-fragment";

export type BaseUrlResult = { ok: true; url: string } | { ok: false; problem: BaseUrlProblem };

/** Loopback by name or address: localhost, *.localhost, 127.0.0.0/8, ::1, ::ffff:127.x. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return true;
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1 (7f00–7fff is 127.0.0.0/8).
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(bare);
}

export type WebUrlProblem = "not-a-url" | "scheme" | "credentials-in-url";

/**
 * An http(s) address with a host and no login in it (a login in an address would travel, and
 * show, where the user never meant it to), or what is wrong with it.
 */
export function parseWebUrl(
  text: string,
): { ok: true; url: URL } | { ok: false; problem: WebUrlProblem } {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { ok: false, problem: "not-a-url" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Said to the user under the address field.
    return { ok: false, problem: "not-a-url" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, problem: "scheme" };
  if (url.hostname === "") return { ok: false, problem: "not-a-url" };
  if (url.username !== "" || url.password !== "") {
    return { ok: false, problem: "credentials-in-url" };
  }
  return { ok: true, url };
}

/**
 * The URL the client will use (no trailing slash), or why it cannot be used. Plain http to
 * loopback is allowed only when the user typed the address (`typedByUser`): a file or a
 * message must not be able to point the API credentials at an unencrypted address.
 */
export function validateBaseUrl(input: string, typedByUser = true): BaseUrlResult {
  const text = input.trim();
  if (text === "") return { ok: false, problem: "empty" };
  const parsed = parseWebUrl(text);
  if (!parsed.ok) return parsed;
  const url = parsed.url;
  if (url.search !== "" || url.hash !== "" || /[?#]/.test(text)) {
    return { ok: false, problem: "query-or-fragment" };
  }
  if (url.protocol === "http:" && !(typedByUser && isLoopbackHost(url.hostname))) {
    return { ok: false, problem: "https-required" };
  }
  const path = url.pathname.replace(/\/+$/, "");
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
