/**
 * The popup's language files, tables only, written at build (scripts/popup-first-files.ts)
 * from lib/i18n/popup-pack-*.ts: per language, the popup's strings (popup-pack-en.json, on
 * the first path) and its failure sentences (popup-failures-en.json, fetched beside them and
 * awaited only when a failure is on screen). The other language is never fetched unless
 * chosen.
 */
import type { FailureCode } from "../protocol/failure";
import type { Language } from "./index";
import type { PopupStringKey } from "./popup-strings";

export interface PopupPack {
  language: Language;
  popup: Record<PopupStringKey, string>;
}

export interface FailurePack {
  language: Language;
  failures: Record<FailureCode, string>;
}

async function fetchJson<T extends { language: Language }>(
  address: string,
  language: Language,
): Promise<T> {
  const file = (await (await fetch(address)).json()) as T;
  if (file?.language !== language) throw new Error(`${address} is damaged.`);
  return file;
}

// Literal addresses: a computed one is what Firefox's add-on review refuses.

export const fetchPack = (language: Language) =>
  fetchJson<PopupPack>(
    language === "zh_CN" ? "/popup-pack-zh.json" : "/popup-pack-en.json",
    language,
  );

export const fetchFailures = (language: Language) =>
  fetchJson<FailurePack>(
    language === "zh_CN" ? "/popup-failures-zh.json" : "/popup-failures-en.json",
    language,
  );
