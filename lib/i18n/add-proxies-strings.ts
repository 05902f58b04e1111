/**
 * Adding proxies the user already has, worded once for both pages that offer it (the popup
 * and Options): spread into each page's strings.
 */
export const addProxiesStrings = {
  name: "addProxies",
  en: {
    "add.text": "Proxies, one per line",
    "add.formats":
      "host:port:user:pass, user:pass@host:port, http://user:pass@host:port, socks5://user:pass@host:port, or CSV with a header row (host, port, username, password, and optionally type, name, country, expires, token_id: the provider's id, so delete and restore reach the provider). Up to 10,000 lines.",
    "add.file": "Or choose a file (.txt or .csv), or drop one on the box above",
    "add.check": "Check the lines",
    "add.add": "Add {count, plural, one {# proxy} other {# proxies}}",
    "add.preview": "{added} to add, {duplicate} already there, {rejected} refused.",
    "add.refusedLine": "Line {line}: {reason}",
    "add.moreRefused": "…and {count} more refused lines.",
    "add.done":
      "Added {added, plural, one {# proxy} other {# proxies}} ({duplicate} already there, {rejected} refused). They are in the popup's list, marked “Added by hand”.",
    "add.problem.format": "not a proxy line in a format Proxy Deck reads.",
    "add.problem.port": "the port must be a number from 1 to 65535.",
    "add.problem.host": "the host is not a name or an IP address a browser can use.",
    "add.problem.credentials":
      "a username and a password are needed: Proxy Deck signs in with them.",
    "add.problem.scheme": "only http, https and socks5 proxies can be used.",
    "add.problem.expires": "the expiry is not a date (use 2026-12-01 or 2026-12-01T14:00:00Z).",
    "add.problem.too-long": "the username or password is longer than 1,024 characters.",
    "add.problem.too-many": "past 10,000 lines: add the rest in another round.",
    "add.problem.token-id": "the token id must be the provider's number for it (1 or more).",
    "add.problem.token-held": "a token with this id is already here (in the list or the Trash).",
    "add.foreign":
      "This is a {source}, not proxy lines. Bring it over in Options → Sync & backup → Import: its proxies come with their patterns, and the preview says what cannot come over.",
    "add.source.foxyproxy": "FoxyProxy export",
    "add.source.omega": "SwitchyOmega / ZeroOmega backup",
  },
} as const;
