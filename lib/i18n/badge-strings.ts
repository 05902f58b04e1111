/** The toolbar button's title, in the user's language (the badge text itself is a code). */
import { defineStrings } from "./index";

const en = {
  direct: "Proxy Deck: direct (no proxy)",
  connected: "Proxy Deck: connected via {place}",
  token: "token {id}",
  controlledByOther: "Proxy Deck: another extension controls the proxy setting",
  problem: "Proxy Deck: {problem}",
  blocked: "Proxy Deck: traffic is blocked. {problem}",
  checking: "Proxy Deck: {place} applied, not verified yet",
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
  direct: "Proxy Deck：直连（未使用代理）",
  connected: "Proxy Deck：经由 {place} 连接",
  token: "令牌 {id}",
  controlledByOther: "Proxy Deck：另一个扩展正在控制代理设置",
  problem: "Proxy Deck：{problem}",
  blocked: "Proxy Deck：流量已阻止。{problem}",
  checking: "Proxy Deck：已应用 {place}，尚未验证",
  "unseen.auto-refresh": "Proxy Deck：自动更换 IP 失败。{problem}",
  "unseen.toggle": "Proxy Deck：快捷键未能切换代理。{problem}",
  "warn.expiring": "{title} —— 令牌 {id} 将于{when}过期。",
  "warn.traffic": "{title} —— 令牌 {id} 已用 {percent}% 流量。",
  "notify.expiring.title": "Proxy Deck 令牌即将过期",
  "notify.expiring.body": "令牌 {id}（{place}）将于{when}过期。请在此之前购买或选择其他令牌。",
  "notify.traffic.title": "Proxy Deck 令牌流量即将用完",
  "notify.traffic.body": "令牌 {id}（{place}）已用 {percent}% 流量。",
});
