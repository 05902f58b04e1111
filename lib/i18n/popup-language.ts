/**
 * The popup loads only its user's language, as tables (lib/i18n/popup-pack.ts); the code that
 * words them is here, on the page's own path. The failure sentences arrive after the strings:
 * `ready()` fetches them and says when; until then a failure reads "Loading…".
 */

import type { FailureCode } from "../base/failure";
import type { Language } from "../base/languages";
import { describeWith } from "./failure-strings-describe";
import { wordsFrom } from "./fill";
import { type FailurePack, loadFailures, loadPack, type PopupPack } from "./popup-pack";
import type { PopupT } from "./popup-strings";

export interface PopupLanguage {
  language: Language;
  t: PopupT;
  explain: (failure: { code: string; [param: string]: unknown }) => string;
  /**
   * Loads the failure sentences on the first call (the page calls it once its first frame is
   * out, or before, when that frame shows a failure); settles once they are in (or failed).
   */
  ready: () => Promise<void>;
}

/**
 * The failure sentences did not load (failures then read "Loading…"): recorded for the log, by
 * code loaded only then, since the popup's first path has a budget (20 kB).
 */
const recordLater = (error: unknown) =>
  void import("../diagnostics/record")
    .then((diagnostics) => diagnostics.recordFailure("language:failures", error))
    // The recorder itself did not load: nowhere to say so.
    .catch(() => undefined);

/** `started`: the tables the page's first reads (lib/popup/first-reads.ts) asked for. */
export async function loadPopupLanguage(
  language: Language,
  started?: { pack: Promise<PopupPack>; failures: () => Promise<FailurePack> },
): Promise<PopupLanguage> {
  // The early load failed: loaded again below, and its failure is the caller's.
  const startedPack = await started?.pack.catch(() => undefined);
  const pack = startedPack?.language === language ? startedPack : await loadPack(language);
  const t = wordsFrom(pack.popup, language);
  let explainWith: ((failure: { code: string }) => string) | null = null;
  let loading: Promise<void> | null = null;
  const ready = () => {
    loading ??= (started?.failures() ?? Promise.reject(new Error("not started")))
      .then((table) => (table.language === language ? table : loadFailures(language)))
      // The early table failed or was of another language: loaded afresh.
      .catch(() => loadFailures(language))
      .then(({ failures: table }: { failures: Record<FailureCode, string> }) => {
        // Each table is complete in its language.
        const word = wordsFrom(table, language);
        explainWith = (failure) => describeWith(table, word, failure);
      }, recordLater);
    return loading;
  };
  return { language, t, explain: (failure) => explainWith?.(failure) ?? t("loading"), ready };
}
