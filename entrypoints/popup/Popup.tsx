import { useEffect, useMemo, useState } from "preact/hooks";
import { THIS_BROWSER } from "@/lib/base/browser-abilities";
import { copyText } from "../../components/common/clipboard";
import { PopupContext, type PopupEnv } from "../../components/popup/env";
import { withPageCatalog } from "../../components/popup/lazy";
import { PopupApp } from "../../components/popup/PopupApp";
import { intlLocale, resolveLanguage, textDirection } from "../../lib/base/languages";
import { loadPopupLanguage, type PopupLanguage } from "../../lib/i18n/popup-language";
import { activeTabOf } from "../../lib/popup/active-tab";
import { extension } from "../../lib/popup/extension";
import type { PopupState } from "../../lib/popup/state";
import { background } from "./first";

/** Browser glue: the page's state comes from storage, its actions go to the background. */
export function Popup({
  initial,
  pack: initialPack,
  subscribe,
}: {
  initial: PopupState;
  pack: PopupLanguage;
  subscribe: (onChange: (change: Partial<PopupState>) => void) => () => void;
}) {
  const [state, setState] = useState(initial);
  useEffect(() => subscribe((change) => setState((s) => ({ ...s, ...change }))), [subscribe]);

  const language = resolveLanguage(state.settings.language, navigator.language);
  // The pack of the language at open; another is loaded if the user changes it meanwhile.
  const [pack, setPack] = useState(initialPack);
  useEffect(() => {
    // Written only when it changes: a write restyles the whole page (the page is built with
    // its language's lang and dir already: scripts/popup-first-files.ts).
    const root = document.documentElement;
    if (root.lang !== intlLocale(language)) root.lang = intlLocale(language);
    if ((root.dir || "ltr") !== textDirection(language)) root.dir = textDirection(language);
    if (pack.language !== language) {
      // Its views' words too (the page's lang, set above, names the catalog).
      void withPageCatalog(loadPopupLanguage(language)).then(setPack);
    }
  }, [language, pack.language]);

  // The failure sentences load once the first frame is out (effects run after it), unless that
  // frame showed a failure: the page words failures when they land.
  const [failuresIn, setFailuresIn] = useState(false);
  useEffect(() => {
    let live = true;
    void pack.ready().then(() => live && setFailuresIn(true));
    return () => {
      live = false;
    };
  }, [pack]);

  const env = useMemo<PopupEnv>(() => {
    const api = extension();
    const send = background;
    return {
      t: pack.t,
      explain: (failure) => pack.explain(failure),
      language: pack.language,
      now: Date.now,
      // A reply is handed over once its failure, if any, can be worded.
      send: (async (command) => {
        const reply = await send(command);
        await pack.ready();
        return reply;
      }) as typeof send,
      // A page of Options is its address's hash; openOptionsPage() takes none.
      openOptions: (page) =>
        void (page
          ? api.tabs.create({ url: api.runtime.getURL(`/options.html#${page}` as "/options.html") })
          : api.runtime.openOptionsPage()),
      copy: copyText,
      socksAuth: THIS_BROWSER.supportsSocksAuth,
      activeTab: activeTabOf(api),
    };
  }, [pack, failuresIn]);

  return (
    <PopupContext.Provider value={env}>
      <PopupApp state={state} />
    </PopupContext.Provider>
  );
}
