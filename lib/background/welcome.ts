/**
 * A newcomer's first sight: on install, Options opens at its welcome. Only for a profile with
 * neither credentials nor tokens: an update, or Chromium's re-install of an unpacked extension at
 * each relaunch, keeps the user's data and must not open a tab every time.
 */
import type { WxtBrowser } from "wxt/browser";
import { recordedAs } from "../diagnostics/record";
import { isNewcomer } from "../state/newcomer";
import type { Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";
import { read } from "../storage/read";

export interface WelcomeDeps {
  onInstalled: {
    addListener(listener: (details: { reason: string }) => void): void;
  };
  readSettings: () => Promise<Settings>;
  readTokens: () => Promise<StoredToken[]>;
  openTab: (url: string) => Promise<unknown>;
  /** The welcome's address in this browser (runtime.getURL). */
  welcomeUrl: string;
}

export function welcomeNewcomers(deps: WelcomeDeps): void {
  deps.onInstalled.addListener(({ reason }) => {
    if (reason !== "install") return;
    void Promise.all([deps.readSettings(), deps.readTokens()])
      .then(([settings, tokens]) =>
        isNewcomer(settings, tokens) ? deps.openTab(deps.welcomeUrl) : undefined,
      )
      // Not opening a tab loses nothing: Options and the popup both lead a newcomer as well.
      .catch(recordedAs("welcome"));
  });
}

/** The browser's glue: registered in the worker's first turn, as onInstalled requires. */
export const welcomeNewcomersIn = (browser: WxtBrowser) =>
  welcomeNewcomers({
    onInstalled: browser.runtime.onInstalled,
    readSettings: () => read("settings"),
    readTokens: () => read("tokens"),
    openTab: (url) => browser.tabs.create({ url }),
    welcomeUrl: browser.runtime.getURL("/options.html#welcome"),
  });
