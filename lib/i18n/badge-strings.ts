/**
 * The toolbar button's title, in the user's language (the badge text itself is a code). Each
 * title leads with the status words the popup and Options say ({status}: status-words.ts).
 */
import { defineStrings } from "./index";
import { statusWords } from "./status-words";

const en = {
  ...statusWords.en,
  direct: "Proxy Deck: {status} · every site goes direct",
  off: "Proxy Deck: {status} · every site goes direct, site rules included",
  rulesOnly: "Proxy Deck: {status} · site rules still route their sites, the rest goes direct",
  "tab.token": "Proxy Deck: this site goes through #{id} (a site rule)",
  "tab.direct": "Proxy Deck: this site goes direct (a site rule)",
  "tab.block": "Proxy Deck: this site is blocked (a site rule)",
  connected: "Proxy Deck: {status} · {place}",
  token: "token {id}",
  controlledByOther: "Proxy Deck: {status} · its proxy setting wins until it is disabled",
  problem: "Proxy Deck: {problem}",
  failing: "Proxy Deck: {status}. {problem}",
  blocked: "Proxy Deck: {status}: nothing leaves until you choose. {problem}",
  checking: "Proxy Deck: {status} · {place} applied, no request has proved it yet",
  "unseen.auto-refresh": "Proxy Deck: the automatic IP refresh failed. {problem}",
  "unseen.toggle": "Proxy Deck: the keyboard shortcut could not switch the proxy. {problem}",
  "warn.expiring": "{title} — token {id} expires {when}.",
  "warn.traffic": "{title} — token {id} has used {percent}% of its traffic.",
  "notify.expiring.title": "A Proxy Deck token expires soon",
  "notify.expiring.body": "Token {id} ({place}) expires {when}. Buy or choose another before then.",
  "notify.traffic.title": "A Proxy Deck token is almost out of traffic",
  "notify.traffic.body": "Token {id} ({place}) has used {percent}% of its traffic.",
};

export const badgeStrings = defineStrings(en, {
  ...statusWords.zh,
  direct: "Proxy Deck：{status} · 所有网站直连",
  off: "Proxy Deck：{status} · 所有网站直连，包括网站规则",
  rulesOnly: "Proxy Deck：{status} · 网站规则仍按规则转发其网站，其余直连",
  "tab.token": "Proxy Deck：此网站经由 #{id}（网站规则）",
  "tab.direct": "Proxy Deck：此网站直连（网站规则）",
  "tab.block": "Proxy Deck：此网站已阻止（网站规则）",
  connected: "Proxy Deck：{status} · {place}",
  token: "令牌 {id}",
  controlledByOther: "Proxy Deck：{status} · 停用该扩展之前以它的代理设置为准",
  problem: "Proxy Deck：{problem}",
  failing: "Proxy Deck：{status}。{problem}",
  blocked: "Proxy Deck：{status}：在你选择之前不会有任何流量发出。{problem}",
  checking: "Proxy Deck：{status} · 已应用 {place}，尚无请求证实",
  "unseen.auto-refresh": "Proxy Deck：自动更换 IP 失败。{problem}",
  "unseen.toggle": "Proxy Deck：快捷键未能切换代理。{problem}",
  "warn.expiring": "{title} —— 令牌 {id} 将于{when}过期。",
  "warn.traffic": "{title} —— 令牌 {id} 已用 {percent}% 流量。",
  "notify.expiring.title": "Proxy Deck 令牌即将过期",
  "notify.expiring.body": "令牌 {id}（{place}）将于{when}过期。请在此之前购买或选择其他令牌。",
  "notify.traffic.title": "Proxy Deck 令牌流量即将用完",
  "notify.traffic.body": "令牌 {id}（{place}）已用 {percent}% 流量。",
});
