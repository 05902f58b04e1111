/**
 * The languages Proxy Deck speaks: their codes (Chrome's `_locales` folder names), the locale
 * `Intl` takes, the direction they are written in, and the one the browser asks for. Small on
 * purpose: the popup's first path (20 kB budget) carries it.
 */
export const LANGUAGES = [
  "en",
  "de",
  "es",
  "fa",
  "fr",
  "ja",
  "pl",
  "pt_BR",
  "ru",
  "tr",
  "uk",
  "vi",
  "zh_CN",
  "zh_TW",
] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.includes(value as Language);

/** The BCP 47 tag for `Intl` and `lang=`: "pt_BR" → "pt-BR". */
export const intlLocale = (language: Language): string => language.replace("_", "-");

/** Persian is written right to left; every other language here left to right. */
export const textDirection = (language: Language): "rtl" | "ltr" =>
  language === "fa" ? "rtl" : "ltr";

/**
 * `auto` follows the browser's language ("pt-PT" → pt_BR, "zh-HK"/"zh-Hant" → zh_TW, other
 * Chinese → zh_CN, "de-AT" → de); a language Proxy Deck does not speak gets English.
 */
export function resolveLanguage(setting: "auto" | Language, browserLanguage: string): Language {
  if (setting !== "auto") return setting;
  const [base = "", ...rest] = browserLanguage.toLowerCase().split(/[-_]/);
  if (base === "zh") return rest.some((part) => /^(tw|hk|mo|hant)$/.test(part)) ? "zh_TW" : "zh_CN";
  if (base === "pt") return "pt_BR";
  return LANGUAGES.find((language) => language === base) ?? "en";
}

/** Each language by its own name, as a language menu lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fa: "فارسی",
  fr: "Français",
  ja: "日本語",
  pl: "Polski",
  pt_BR: "Português (Brasil)",
  ru: "Русский",
  tr: "Türkçe",
  uk: "Українська",
  vi: "Tiếng Việt",
  zh_CN: "简体中文",
  zh_TW: "繁體中文",
};
