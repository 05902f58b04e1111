/**
 * The page context menu (pure): which items the browser is asked to draw, and what a click on
 * one means. "Send this site through ▸" gives the clicked host its own rule, the popup's way;
 * "This tab only ▸" routes one tab, which only Firefox's per-request routing can do (Chrome's
 * proxy settings route by address and never see a tab), so Chrome gets a disabled line saying
 * so instead of an item that would do nothing.
 */
import type { Language } from "../i18n";
import { countryCode } from "../i18n/flag";
import { type MenuWord, menuStrings } from "../i18n/menu-strings";
import type { Route } from "../routing/rules";
import { proxyEndpoint } from "../state/token-facts";
import { menuTag } from "../state/token-look";
import type { StoredToken } from "../state/tokens";

/** Tokens offered per submenu: a menu of 10,000 items would be unusable and slow to build. */
export const MENU_TOKENS = 10;

export type MenuContext = "page" | "link";
const CONTEXTS: MenuContext[] = ["page", "link"];

/** One item as contextMenus.create takes it. */
export interface MenuItem {
  id: string;
  parentId?: string;
  title?: string;
  type?: "normal" | "separator";
  enabled?: boolean;
  contexts: MenuContext[];
}

export type MenuAction =
  | { scope: "site"; route: Route | null }
  | { scope: "tab"; tokenId: number | null };

export interface MenuInput {
  /** The stored tokens, in the popup's (stored) order. */
  tokens: readonly StoredToken[];
  connectedId: number | null;
  /** Can this token carry traffic in this browser now (the plan's own test)? */
  usable: (token: StoredToken) => boolean;
  /** Firefox: per-tab routing exists. */
  perTab: boolean;
  language: Language;
}

const SITE = "pd-site";
const TAB = "pd-tab";

/** The usable tokens shown: the first MENU_TOKENS in stored order, plus the connected one. */
export function menuTokens(input: Pick<MenuInput, "tokens" | "connectedId" | "usable">) {
  const usable = input.tokens.filter(input.usable);
  const shown = usable.slice(0, MENU_TOKENS);
  const connected = usable.find((t) => t.id === input.connectedId);
  if (connected && !shown.includes(connected)) shown.push(connected);
  return { shown, hidden: usable.length - shown.length };
}

export function tokenTitle(token: StoredToken, connected: boolean, language: Language): string {
  const w = menuStrings(language);
  // The user's name and colour first; then country and exit (or address, before the first
  // check): two tokens of one country read apart even unnamed.
  const place = [
    // The code, not an emoji flag: menus are text, and Windows draws those flags as letters.
    countryCode(token.countryCode),
    token.ip || proxyEndpoint(token),
  ]
    .filter(Boolean)
    .join(" · ");
  const title = w("token", { tag: menuTag(token), place }).trim();
  return connected ? w("connected", { title }) : title;
}

export function pageMenu(input: MenuInput): MenuItem[] {
  const w = menuStrings(input.language);
  // Firefox reads "&" in a menu title as its access key marker; "&&" is a literal "&".
  const text = (title: string) => (input.perTab ? title.replaceAll("&", "&&") : title);
  const item = (id: string, parentId: string | undefined, word: MenuWord, extra = {}) => ({
    id,
    ...(parentId ? { parentId } : {}),
    title: text(w(word)),
    contexts: CONTEXTS,
    ...extra,
  });
  const { shown, hidden } = menuTokens(input);
  const tokenItems = (parent: string): MenuItem[] => [
    ...shown.map((token) => ({
      id: `${parent}:token:${token.id}`,
      parentId: parent,
      title: text(tokenTitle(token, token.id === input.connectedId, input.language)),
      contexts: CONTEXTS,
    })),
    ...(hidden > 0
      ? [
          {
            ...item(`${parent}:more`, parent, "more", { enabled: false }),
            title: text(w("more", { count: hidden })),
          },
        ]
      : []),
    ...(shown.length === 0 ? [item(`${parent}:none`, parent, "none", { enabled: false })] : []),
  ];
  const separator = (id: string, parentId: string): MenuItem => ({
    id,
    parentId,
    type: "separator",
    contexts: CONTEXTS,
  });
  const site: MenuItem[] = [
    item(SITE, undefined, "site"),
    ...tokenItems(SITE),
    separator(`${SITE}:sep`, SITE),
    item(`${SITE}:direct`, SITE, "direct"),
    item(`${SITE}:block`, SITE, "block"),
    item(`${SITE}:default`, SITE, "default"),
  ];
  if (!input.perTab)
    return [...site, item(`${TAB}:chrome`, undefined, "tabChromeOnly", { enabled: false })];
  return [
    ...site,
    item(TAB, undefined, "tab"),
    ...tokenItems(TAB),
    separator(`${TAB}:sep`, TAB),
    item(`${TAB}:clear`, TAB, "tabClear"),
  ];
}

/** What a click on this item asks for, or null for an item that does nothing (or a stranger's). */
export function menuAction(menuItemId: string | number): MenuAction | null {
  const id = String(menuItemId);
  const token = /^(pd-site|pd-tab):token:(-?\d+)$/.exec(id);
  if (token) {
    const tokenId = Number(token[2]);
    if (!Number.isSafeInteger(tokenId) || tokenId === 0) return null;
    return token[1] === SITE
      ? { scope: "site", route: { kind: "token", tokenId } }
      : { scope: "tab", tokenId };
  }
  if (id === `${SITE}:direct`) return { scope: "site", route: { kind: "direct" } };
  if (id === `${SITE}:block`) return { scope: "site", route: { kind: "block" } };
  if (id === `${SITE}:default`) return { scope: "site", route: null };
  if (id === `${TAB}:clear`) return { scope: "tab", tokenId: null };
  return null;
}

/** The host a click is about: the link's on a link, else the page's; "" for a non-web address. */
export function clickedHost(info: { linkUrl?: string; pageUrl?: string }): string {
  const url = info.linkUrl || info.pageUrl || "";
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.hostname : "";
  } catch {
    // No address on the clicked page (a blank tab): no site to route.
    return "";
  }
}
