/**
 * Where a rule list may be fetched from (pure): https, or http to this machine when the user
 * typed it (as for the provider's address). A list steers traffic: over plain http anyone on
 * the way could rewrite it.
 */

import { isLoopbackHost, parseWebUrl, type WebUrlProblem } from "./base-url";

/** The longest list address kept (a stored subscription's URL is checked against it too). */
export const MAX_SUBSCRIPTION_URL = 2_000;

export type ListUrlProblem = WebUrlProblem | "https-required";

export type ListUrlResult = { ok: true; url: string } | { ok: false; problem: ListUrlProblem };

export function validateListUrl(input: string, typedByUser: boolean): ListUrlResult {
  const text = input.trim();
  if (text === "" || text.length > MAX_SUBSCRIPTION_URL) return { ok: false, problem: "not-a-url" };
  const parsed = parseWebUrl(text);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  if (!isSecureListUrl(url, typedByUser)) return { ok: false, problem: "https-required" };
  // The fragment never reaches the server.
  url.hash = "";
  // As stored: the parser's percent-encoding can make a short text a long address.
  if (url.href.length > MAX_SUBSCRIPTION_URL) return { ok: false, problem: "not-a-url" };
  return { ok: true, url: url.href };
}

/** https, or http to loopback the user typed: also where a redirect may lead. */
export const isSecureListUrl = (url: URL, typedByUser: boolean): boolean =>
  url.protocol === "https:" ||
  (url.protocol === "http:" && typedByUser && isLoopbackHost(url.hostname));
