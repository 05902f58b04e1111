/** The page context menu's words (background: the browser draws the menu from these titles). */
import { defineStrings } from "./index";
import { withPlurals } from "./plural";

const en = {
  site: "Send this site through",
  token: "{tag} · {place}",
  connected: "{title} (connected)",
  more: "{count, plural, one {# more token} other {# more tokens}}: choose in the popup",
  none: "No token can carry traffic now",
  direct: "Direct (no proxy)",
  block: "Block",
  default: "Use the default route",
  tab: "This tab only",
  tabClear: "Stop: back to the site's route",
  tabChromeOnly: "This tab only: Firefox only — Chrome routes by site, not by tab",
};

export const menuStrings = defineStrings(
  en,
  {
    site: "将此网站经由",
    token: "{tag} · {place}",
    connected: "{title}（已连接）",
    more: "另有 {count} 个令牌：请在弹出窗口中选择",
    none: "目前没有可用的令牌",
    direct: "直连（不使用代理）",
    block: "阻止",
    default: "使用默认路由",
    tab: "仅此标签页",
    tabClear: "停止：恢复此网站的路由",
    tabChromeOnly: "仅此标签页：仅限 Firefox —— Chrome 按网站路由，无法按标签页路由",
  },
  withPlurals,
);

export type MenuWord = keyof typeof en;
