import type { Browser } from "@wxt-dev/browser";
import { startBackground } from "@/lib/background/main";
import { installBackgroundCatalogs } from "@/lib/i18n/background-catalog";
import { asFirefoxApi } from "@/lib/proxy/firefox";

// Thin on purpose: the wiring lives in lib/background/main.ts, where a unit test drives it.
export default defineBackground(() => {
  // Its words in every language, before anything is worded.
  installBackgroundCatalogs();
  const chrome = (globalThis as { chrome?: typeof Browser }).chrome ?? null;
  startBackground({
    browser,
    chrome: import.meta.env.FIREFOX ? null : chrome,
    firefox: import.meta.env.FIREFOX ? asFirefoxApi(browser) : null,
  });
});
