/** What the popup's components get from the page: strings, the clock and the browser glue. */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Language } from "../../lib/i18n";
import { type PopupT, popupStrings } from "../../lib/i18n/popup-strings";
import type { Send } from "../../lib/protocol/send";

export interface PopupEnv {
  t: PopupT;
  language: Language;
  now: () => number;
  /** Never rejects: a missing background becomes a failure reply. */
  send: Send;
  openOptions: () => void;
  /** Resolves false when the browser refused the clipboard. */
  copy: (text: string) => Promise<boolean>;
  /** Firefox can authenticate SOCKS5 proxies; Chrome cannot. */
  socksAuth: boolean;
}

export const PopupContext = createContext<PopupEnv>({
  t: popupStrings("en"),
  language: "en",
  now: Date.now,
  send: async () => ({ ok: false, failure: { code: "background-unreachable" } }),
  openOptions: () => undefined,
  copy: async () => false,
  socksAuth: false,
});

export const useEnv = () => useContext(PopupContext);
