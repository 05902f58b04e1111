import { useEffect, useMemo, useState } from "preact/hooks";
import { copyText } from "../../components/common/clipboard";
import { PopupContext, type PopupEnv } from "../../components/popup/env";
import { PopupApp } from "../../components/popup/PopupApp";
import { resolveLanguage } from "../../lib/i18n";
import { popupStrings } from "../../lib/i18n/popup-strings";
import type { PopupState } from "../../lib/popup/state";
import { createSend } from "../../lib/protocol/send";

/** Browser glue: the page's state comes from storage, its actions go to the background. */
export function Popup({
  initial,
  subscribe,
}: {
  initial: PopupState;
  subscribe: (onChange: (change: Partial<PopupState>) => void) => () => void;
}) {
  const [state, setState] = useState(initial);
  useEffect(() => subscribe((change) => setState((s) => ({ ...s, ...change }))), [subscribe]);

  const language = resolveLanguage(state.settings.language, navigator.language);
  useEffect(() => {
    document.documentElement.lang = language === "zh_CN" ? "zh-CN" : "en";
  }, [language]);

  const env = useMemo<PopupEnv>(() => {
    const t = popupStrings(language);
    return {
      t,
      language,
      now: Date.now,
      send: createSend((message) => browser.runtime.sendMessage(message)),
      openOptions: () => void browser.runtime.openOptionsPage(),
      copy: copyText,
      socksAuth: import.meta.env.FIREFOX,
    };
  }, [language]);

  return (
    <PopupContext.Provider value={env}>
      <PopupApp state={state} />
    </PopupContext.Provider>
  );
}
