/**
 * The extension API as the browser gives it (Chrome's promise-returning `chrome`, Firefox's
 * `browser`), without the webextension-polyfill: the popup's first path stays small.
 */
import type { Browser } from "@wxt-dev/browser";

export function extension(): typeof Browser {
  const scope = globalThis as { browser?: typeof Browser; chrome?: typeof Browser };
  const api = scope.browser ?? scope.chrome;
  if (!api) throw new Error("Proxy Deck's popup runs only as an extension page.");
  return api;
}
