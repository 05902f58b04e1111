/**
 * The page context menu's glue: drawn from storage (page-menu.ts decides what it holds), a click
 * handed to the same writers the popup uses: a site's own rule through the setSiteRoute
 * command, a tab's route (Firefox) through tab-routes.ts.
 *
 * Menus outlive the worker in both browsers, so they are built when the extension is installed
 * or the browser starts, and again whenever what they show changes (tokens, the connected one,
 * the language). Each build removes every item and creates the list anew; builds run one after
 * another, and requests during a build become one more build, so two builds never interleave
 * their creates (a duplicate id fails the second).
 */

import type { WxtBrowser } from "wxt/browser";
import type { BrowserAbilities } from "../base/browser-abilities";
import type { Failure } from "../base/failure";
import { recordedAs } from "../diagnostics/record";
import type { Language } from "../i18n";
import { resolveLanguage } from "../i18n";
import { describeFailure } from "../i18n/failure-strings";
import type { Route } from "../routing/rules";
import { unusableReason } from "../state/usable";
import { readState } from "../storage/read";
import { clickedHost, type MenuAction, type MenuItem, menuAction, pageMenu } from "./page-menu";
import { dropTabRoutesOnClose, setTabRoute } from "./tab-routes";

export interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string;
  pageUrl?: string;
}

interface Event<L> {
  addListener(listener: L): void;
}

/** contextMenus (Chrome), menus/contextMenus (Firefox) as used here. */
export interface MenusApi {
  removeAll(): Promise<void>;
  create(properties: MenuItem, done: () => void): unknown;
  onClicked: Event<(info: MenuClick, tab?: { id?: number }) => void>;
}

export interface ContextMenuDeps {
  /** Null where the browser has no page menus (Firefox for Android). */
  menus: MenusApi | null;
  lastError: () => { message?: string } | undefined | null;
  onInstalled: Event<() => void>;
  onStartup: Event<() => void>;
  /** Firefox: "This tab only" exists (Chrome's proxy settings never see a tab). */
  perTab: boolean;
  supportsSocksAuth: boolean;
  browserLanguage: () => string;
  /** The popup's setSiteRoute command: the site's own rule, then the engine applies it. */
  routeSite: (
    host: string,
    route: Route | null,
  ) => Promise<{ ok: true } | { ok: false; failure: Failure }>;
  /** Firefox: this tab through the token, or (null) back to its sites' routes. */
  routeTab: (tabId: number, tokenId: number | null) => Promise<void>;
  /** Tells the user a click could not be done (a system notification). */
  tell: (message: string) => void;
  now?: () => number;
}

/** What a click did, for whoever calls it (tests; the listener ignores it). */
export type ClickOutcome =
  | { done: true; action: MenuAction; host?: string; tabId?: number }
  | { done: false; reason: "not-ours" | "no-host" | "no-tab" | "failed" };

async function menuLanguage(deps: ContextMenuDeps): Promise<Language> {
  const { settings } = await readState(["settings"]);
  return resolveLanguage(settings.language, deps.browserLanguage());
}

export function startContextMenu(deps: ContextMenuDeps) {
  const now = deps.now ?? Date.now;
  const { menus } = deps;

  async function build(api: MenusApi): Promise<void> {
    const [{ tokens, connection }, language] = await Promise.all([
      readState(["tokens", "connection"]),
      menuLanguage(deps),
    ]);
    const items = pageMenu({
      tokens,
      connectedId: connection.activeTokenId,
      usable: (token) => unusableReason(token, deps.supportsSocksAuth, now()) === null,
      perTab: deps.perTab,
      language,
    });
    await api.removeAll();
    // In order: a submenu's parent exists before its children are created.
    for (const item of items) {
      await new Promise<void>((resolve, reject) => {
        api.create(item, () => {
          const error = deps.lastError();
          if (error) reject(new Error(error.message ?? "contextMenus.create failed"));
          else resolve();
        });
      });
    }
  }

  let tail: Promise<void> = Promise.resolve();
  let queued = false;
  /** One build at a time; any number of requests while one runs make one more. */
  function rebuild(): Promise<void> {
    if (!menus) return Promise.resolve();
    if (queued) return tail;
    queued = true;
    tail = tail.then(async () => {
      queued = false;
      // A failed build leaves what the last one drew; the next change tries again.
      await build(menus).catch(recordedAs("menu:build"));
    });
    return tail;
  }

  async function clicked(info: MenuClick, tab?: { id?: number }): Promise<ClickOutcome> {
    const action = menuAction(info.menuItemId);
    if (!action) return { done: false, reason: "not-ours" };
    if (action.scope === "tab") {
      const tabId = tab?.id;
      if (!deps.perTab || tabId === undefined || tabId < 0)
        return { done: false, reason: "no-tab" };
      await deps.routeTab(tabId, action.tokenId);
      return { done: true, action, tabId };
    }
    const host = clickedHost(info);
    if (!host) return { done: false, reason: "no-host" };
    const reply = await deps.routeSite(host, action.route);
    if (!reply.ok) {
      deps.tell(describeFailure(reply.failure, await menuLanguage(deps)));
      return { done: false, reason: "failed" };
    }
    return { done: true, action, host };
  }

  if (menus) {
    // Registered in the worker's first turn: a click may be what wakes it.
    menus.onClicked.addListener(
      (info, tab) => void clicked(info, tab).catch(recordedAs("menu:click")),
    );
    deps.onInstalled.addListener(() => void rebuild());
    deps.onStartup.addListener(() => void rebuild());
  }
  return { rebuild, clicked };
}

/** The menu in this browser: its APIs from the polyfilled `browser`. */
export function startPageMenu(
  browser: WxtBrowser,
  options: {
    /** Firefox's routing (per-tab routes); null in Chrome. */
    firefox: { tabRoutesChanged(): void } | null;
    /** The engine's browser: which tokens can carry a route here. */
    abilities: BrowserAbilities;
    routeSite: ContextMenuDeps["routeSite"];
  },
) {
  const { firefox } = options;
  if (firefox) dropTabRoutesOnClose(browser.tabs.onRemoved);
  return startContextMenu({
    // Firefox for Android has no page menus.
    menus: ((browser as { contextMenus?: MenusApi }).contextMenus ?? null) as MenusApi | null,
    lastError: () => browser.runtime.lastError,
    onInstalled: browser.runtime.onInstalled,
    onStartup: browser.runtime.onStartup,
    perTab: firefox !== null,
    supportsSocksAuth: options.abilities.supportsSocksAuth,
    browserLanguage: () => globalThis.navigator?.language ?? "",
    routeSite: options.routeSite,
    routeTab: async (tabId, tokenId) => {
      await setTabRoute(tabId, tokenId);
      // The next request of the tab already goes the new way, before the storage event.
      firefox?.tabRoutesChanged();
    },
    tell: (message) =>
      void browser.notifications
        .create({ type: "basic", iconUrl: "icons/128.png", title: "Proxy Deck", message })
        .catch(recordedAs("menu:notify")),
  });
}
