/**
 * Bringing a setup from FoxyProxy or SwitchyOmega/ZeroOmega (Options → Backup → Import): what
 * each item becomes and what cannot come over, and why. Spread into the options strings.
 */
export const foreignImportStrings = {
  name: "foreignImport",
  en: {
    "foreign.heading": "What comes over from {source}",
    "foreign.source.foxyproxy": "FoxyProxy",
    "foreign.source.omega": "SwitchyOmega / ZeroOmega",
    "foreign.intro":
      "This is a {source} file. Below is what each of its items becomes in Proxy Deck, and what cannot come over. Nothing changes until you confirm.",
    "foreign.proxies": "Proxies: {count} become tokens “added by hand”.",
    "foreign.proxyNew": "{name}: {type} {host}:{port}, user {user} → a new token",
    "foreign.proxyHeld": "{name}: {type} {host}:{port}, user {user} → already here as token #{id}",
    "foreign.rules":
      "Site rules: {count}, in the file's order, after the {stored} rules you have (the first rule that matches decides).",
    "foreign.rule": "{what} → {route}",
    "foreign.ruleOff": "{what} → {route} (switched off)",
    "foreign.list": "list “{name}” ({count, plural, one {# line} other {# lines}})",
    "foreign.listUrl": "list “{name}” ({count} lines), kept up to date from {url}",
    "foreign.route.proxy": "token “{name}”",
    "foreign.route.direct": "direct",
    "foreign.route.block": "blocked",
    "foreign.bypass":
      "Added to the addresses that skip the proxy (Settings; they apply to every token): {list}",
    "foreign.bypassRefused": "Not added to the bypass list (not an entry a browser reads): {list}",
    "foreign.bypassLocked":
      "Not added to the bypass list (your administrator's policy sets it): {list}",
    "foreign.rest.direct":
      "Everything no rule matches went direct in {source}. In Proxy Deck it goes where you connect: disconnect to send it direct.",
    "foreign.rest.proxy":
      "Everything no rule matches went through “{name}” in {source}. In Proxy Deck it goes where you connect: connect that token to do the same.",
    "foreign.restRule":
      "Also add a last rule: everything else → {route}, as in {source}, whatever you connect",
    "foreign.skipped": "Cannot come over: {count}",
    "foreign.skippedItem": "{what}: {why}",
    "foreign.more": "… and {count} more",
    "foreign.nothing": "Nothing in this file can come over.",
    "foreign.confirm": "Bring it over",
    "foreign.done":
      "Brought over: {proxiesAdded, plural, one {# proxy} other {# proxies}} added ({proxiesHeld} already here), {rulesAdded, plural, one {# site rule} other {# site rules}} added ({rulesHeld} already here), {bypassAdded, plural, one {# bypass entry} other {# bypass entries}} added.",
    "foreign.err.damaged":
      "This {source} file is damaged or not in a form Proxy Deck reads (at {where}). Nothing was changed.",
    "foreign.err.too-many":
      "This {source} file holds more than Proxy Deck keeps (1,000 proxies, 10,000 rules). Nothing was changed.",
    "foreign.why.no-login":
      "no username and password. Proxy Deck signs in to every proxy it keeps, so it cannot add one without a login.",
    "foreign.why.odd-login":
      "its username or password begins or ends with a space or holds a line break, which cannot be added as written.",
    "foreign.why.proxy-type":
      "its type is “{detail}”. Proxy Deck uses HTTP and SOCKS5 proxies only.",
    "foreign.why.per-scheme":
      "no single proxy for all traffic (one per scheme, or none). A Proxy Deck token carries all of a site's traffic.",
    "foreign.why.bad-address": "{detail} is not a host and port a browser can use.",
    "foreign.why.pattern": "the {detail} pattern cannot be read as a Proxy Deck pattern.",
    "foreign.why.condition":
      "no Proxy Deck rule means what “{detail}” means there. Rules here match addresses only: not the day, the hour, a host's level, or a regular expression on the host alone.",
    "foreign.why.never-matches": "it never matched there (empty, disabled or broken).",
    "foreign.why.nested":
      "it leads to another switch profile ({detail}). Only the rules of the switch profile in use come over.",
    "foreign.why.unused": "not the switch profile in use ({detail} is), so its rules stay behind.",
    "foreign.why.no-proxy": "its proxy ({detail}) cannot come over, so its rules cannot either.",
    "foreign.why.list-lines": "{detail} lines of the list cannot be read here and are left out.",
    "foreign.why.list-url":
      "the list comes over as it is now, but is not kept up to date from {detail}: Proxy Deck fetches AutoProxy lists, over https only.",
    "foreign.why.mode-off":
      "FoxyProxy was not routing by patterns (mode “{detail}”), so the rules come over switched off. Switch them on in Site rules.",
  },
} as const;
