/** What the popup's components get from the page: strings, the clock and the browser glue. */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Language } from "../../lib/i18n";
import type { PopupT } from "../../lib/i18n/popup-strings";
import type { ActiveTab } from "../../lib/popup/active-tab";
import type { Send } from "../../lib/protocol/send";

export type { ActiveTab } from "../../lib/popup/active-tab";

export interface PopupEnv {
  t: PopupT;
  /** A failure code as a sentence in the popup's language. */
  explain: (failure: { code: string; [param: string]: unknown }) => string;
  language: Language;
  now: () => number;
  /** Never rejects: a missing background becomes a failure reply. */
  send: Send;
  /** Options, at one of its pages when named (its address's hash: "provider", …). */
  openOptions: (page?: string) => void;
  /** Resolves false when the browser refused the clipboard. */
  copy: (text: string) => Promise<boolean>;
  /** Firefox can authenticate SOCKS5 proxies; Chrome cannot. */
  socksAuth: boolean;
  /**
   * The active tab (the popup's activeTab grant): its address, and on Firefox its container,
   * which site rules may name. Null when there is none.
   */
  activeTab: () => Promise<ActiveTab | null>;
}

// Only for a component rendered outside the page (the page always provides its own): keys as
// text, so nothing of the string tables is on the popup's first path twice.
export const PopupContext = createContext<PopupEnv>({
  t: (key) => key,
  explain: (failure) => failure.code,
  language: "en",
  now: Date.now,
  send: async () => ({ ok: false, failure: { code: "background-unreachable" } }),
  openOptions: () => undefined,
  copy: async () => false,
  socksAuth: false,
  activeTab: async () => null,
});

export const useEnv = () => useContext(PopupContext);
