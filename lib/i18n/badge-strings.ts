/**
 * The toolbar button's title, in the user's language (the badge text itself is a code). Each
 * title leads with the status words the popup and Options say ({status}: status-words.ts).
 */
import { defineStrings } from "./index";
import { statusWords } from "./status-words";

/** The toolbar's own words (its catalog table "badge"). */
const own = {
  direct: "Proxy Deck: {status} · every site goes direct",
  off: "Proxy Deck: {status} · every site goes direct, site rules included",
  rulesOnly: "Proxy Deck: {status} · site rules still route their sites, the rest goes direct",
  "tab.token": "Proxy Deck: this site goes through #{id} (a site rule)",
  "tab.direct": "Proxy Deck: this site goes direct (a site rule)",
  "tab.block": "Proxy Deck: this site is blocked (a site rule)",
  connected: "Proxy Deck: {status} · {place}",
  controlledByOther: "Proxy Deck: {status} · its proxy setting wins until it is disabled",
  problem: "Proxy Deck: {problem}",
  failing: "Proxy Deck: {status}. {problem}",
  blocked: "Proxy Deck: {status}: nothing leaves until you choose. {problem}",
  checking: "Proxy Deck: {status} · {place} applied, no request has proved it yet",
  "unseen.auto-refresh": "Proxy Deck: the automatic IP refresh failed. {problem}",
  "unseen.toggle": "Proxy Deck: the keyboard shortcut could not switch the proxy. {problem}",
  "unseen.create": "Proxy Deck: buying tokens failed. {problem}",
  "warn.expiring": "{title} — token {id} expires {when}.",
  "warn.traffic": "{title} — token {id} has used {percent}% of its traffic.",
  "notify.expiring.title": "A Proxy Deck token expires soon",
  "notify.expiring.body": "Token {id} ({place}) expires {when}. Buy or choose another before then.",
  "notify.traffic.title": "A Proxy Deck token is almost out of traffic",
  "notify.traffic.body": "Token {id} ({place}) has used {percent}% of its traffic.",
};

export const badgeTable = { name: "badge", en: own };

export const badgeStrings = defineStrings([badgeTable.name, statusWords.name], {
  ...statusWords.en,
  ...own,
});
