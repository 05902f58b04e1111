/** The page context menu's words (background: the browser draws the menu from these titles). */
import { defineStrings } from "./index";
import { withPlurals } from "./plural";

const en = {
  site: "Route this site",
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

export const menuTable = { name: "menu", en };

export const menuStrings = defineStrings(menuTable.name, en, withPlurals);

export type MenuWord = keyof typeof en;
