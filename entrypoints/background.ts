import type { Browser } from "@wxt-dev/browser";
import { startBackground } from "@/lib/background/main";
import type { FirefoxApi } from "@/lib/proxy/firefox";

// Thin on purpose: the wiring lives in lib/background/main.ts, where a unit test drives it.
export default defineBackground(() => {
  const chrome = (globalThis as { chrome?: typeof Browser }).chrome ?? null;
  startBackground({
    browser,
    chrome: import.meta.env.FIREFOX ? null : chrome,
    // Firefox's proxy.onRequest and webRequest shapes are missing from the shared typings.
    firefox: import.meta.env.FIREFOX ? (browser as unknown as FirefoxApi) : null,
  });
});
