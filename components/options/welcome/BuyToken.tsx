/**
 * Buying from the welcome: the popup's own create form (one form to keep right), given what the
 * popup gives its views. Its strings load with it, in the page's language.
 */

import { useEffect, useState } from "preact/hooks";
import { copyText } from "@/components/common/clipboard";
import { CreateForm } from "@/components/popup/CreateForm";
import { PopupContext, type PopupEnv } from "@/components/popup/env";
import { THIS_BROWSER } from "@/lib/base/browser-abilities";
import { loadPopupLanguage } from "@/lib/i18n/popup-language";
import { send, useLanguage, useT } from "../shared";

export function BuyToken({ onDone }: { onDone: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [env, setEnv] = useState<PopupEnv | null>(null);
  useEffect(() => {
    let live = true;
    void loadPopupLanguage(language).then(async (pack) => {
      await pack.ready();
      if (!live) return;
      setEnv({
        t: pack.t,
        explain: pack.explain,
        language,
        now: Date.now,
        send,
        // This page is Options: a failure it fixes (a refused login) leads to the credentials.
        openOptions: () => {
          location.hash = "credentials";
        },
        copy: copyText,
        socksAuth: THIS_BROWSER.supportsSocksAuth,
        activeTab: async () => null,
      });
    });
    return () => {
      live = false;
    };
  }, [language]);
  if (!env) return <p role="status">{t("page.loading")}</p>;
  return (
    <div class="welcome-buy">
      <PopupContext.Provider value={env}>
        <CreateForm onShowTokens={onDone} />
      </PopupContext.Provider>
    </div>
  );
}
