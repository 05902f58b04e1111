/**
 * The popup loads only its user's language: each pack is a chunk of its own, holding the
 * popup's strings and the failure sentences in that language.
 */
import type { Language } from "./index";
import type { PopupT } from "./popup-strings";

export interface PopupLanguage {
  language: Language;
  t: PopupT;
  explain: (failure: { code: string; [param: string]: unknown }) => string;
}

/** Started by public/popup-early.js when it could: the same module, already on its way. */
const early = (globalThis as { popupPack?: Promise<{ popupLanguage: PopupLanguage }> }).popupPack;

export async function loadPopupLanguage(language: Language): Promise<PopupLanguage> {
  const started = await early?.catch(() => undefined);
  if (started && started.popupLanguage.language === language) return started.popupLanguage;
  const pack =
    language === "zh_CN" ? await import("./popup-pack-zh") : await import("./popup-pack-en");
  return pack.popupLanguage;
}
