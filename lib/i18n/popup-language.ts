/**
 * The popup loads only its user's language, as tables (lib/i18n/popup-pack.ts); the code that
 * words them is here, on the page's own path. The failure sentences may arrive a moment after
 * the strings: `ready` says when, and until then a failure reads "Loading…".
 */

import type { FailureCode } from "../protocol/failure";
import { describeWith } from "./failure-strings-describe";
import { defineStrings, type Language } from "./index";
import { type FailurePack, loadFailures, loadPack, type PopupPack } from "./popup-pack";
import type { PopupT } from "./popup-strings";

export interface PopupLanguage {
  language: Language;
  t: PopupT;
  explain: (failure: { code: string; [param: string]: unknown }) => string;
  /** Settles once the failure sentences are in (or failed to load). */
  ready: Promise<void>;
}

/** `started`: the tables the page's first reads (lib/popup/first-reads.ts) asked for. */
export async function loadPopupLanguage(
  language: Language,
  started?: { pack: Promise<PopupPack>; failures: Promise<FailurePack> },
): Promise<PopupLanguage> {
  const startedPack = await started?.pack.catch(() => undefined);
  const pack = startedPack?.language === language ? startedPack : await loadPack(language);
  const t = defineStrings(pack.popup, {})(language);
  let explainWith: ((failure: { code: string }) => string) | null = null;
  const failures = (started?.failures ?? Promise.reject(new Error("not started")))
    .then((started) => (started.language === language ? started : loadFailures(language)))
    .catch(() => loadFailures(language));
  const ready = failures.then(
    ({ failures: table }: { failures: Record<FailureCode, string> }) => {
      // Each table is complete in its language, so it serves as the "English" of defineStrings.
      const word = defineStrings(table, {})(language);
      explainWith = (failure) => describeWith(table, word, failure);
    },
    () => undefined,
  );
  return { language, t, explain: (failure) => explainWith?.(failure) ?? t("loading"), ready };
}
