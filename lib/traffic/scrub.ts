/**
 * What of a request's address the log keeps (pure): its host, or, when the user turned full
 * URLs on, the address without what may be a secret: no user:password, no fragment, and the
 * values of query parameters named like a key, token, password, signature or session.
 */

const SECRET_NAME = /key|token|pass|secret|auth|sig|session|credential|code/i;

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    // Not an address: the log shows no host rather than the text.
    return "";
  }
}

export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    parsed.hash = "";
    for (const name of [...parsed.searchParams.keys()]) {
      if (SECRET_NAME.test(name)) parsed.searchParams.set(name, "…");
    }
    return parsed.toString();
  } catch {
    // Not an address: the log shows nothing rather than the text.
    return "";
  }
}
