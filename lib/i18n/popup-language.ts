/**
 * The popup loads only its user's language: each pack is a chunk of its own holding the
 * popup's strings and the failure sentences in that language (tables only); the code that
 * words them is here, on the page's own path.
 */
import type { FailureCode } from "../protocol/failure";
import { describeWith } from "./failure-strings-describe";
import { defineStrings, type Language } from "./index";
import type { PopupStringKey, PopupT } from "./popup-strings";

export interface PopupLanguage {
  language: Language;
  t: PopupT;
  explain: (failure: { code: string; [param: string]: unknown }) => string;
}

interface Pack {
  language: Language;
  popup: Record<PopupStringKey, string>;
  failures: Record<FailureCode, string>;
}

/** Started by public/popup-early.js when it could: the same module, already on its way. */
const early = (globalThis as { popupPack?: Promise<{ pack: Pack }> }).popupPack;

function fromPack({ language, popup, failures }: Pack): PopupLanguage {
  // Each table is complete in its language, so it serves as the "English" of defineStrings.
  const failure = defineStrings(failures, {})(language);
  return {
    language,
    t: defineStrings(popup, {})(language),
    explain: (f) => describeWith(failures, failure, f),
  };
}

export async function loadPopupLanguage(language: Language): Promise<PopupLanguage> {
  const started = await early?.catch(() => undefined);
  if (started?.pack.language === language) return fromPack(started.pack);
  const { pack } =
    language === "zh_CN" ? await import("./popup-pack-zh") : await import("./popup-pack-en");
  return fromPack(pack);
}
