/**
 * UI strings in English and Simplified Chinese. Our own tables rather than chrome.i18n because
 * the user can pick the language in Options, and chrome.i18n follows only the browser's.
 * Each page registers its table (`defineStrings`) so the popup does not ship the options' text.
 */
export type Language = "en" | "zh_CN";
export type Strings = Record<string, string>;

/** `auto` follows the browser: any Chinese locale gets Simplified Chinese, the rest English. */
export function resolveLanguage(setting: "auto" | Language, browserLanguage: string): Language {
  if (setting !== "auto") return setting;
  return browserLanguage.toLowerCase().startsWith("zh") ? "zh_CN" : "en";
}

/**
 * A translator over one page's tables: missing Chinese falls back to English, missing English
 * to the key; `{name}` placeholders are filled from `values`, and with `count`, counts take their
 * plural form (plural.ts).
 */
/** A string table's translate function, from its English and Chinese halves. */
export const translateOf = <T extends Strings>(
  table: { en: T; zh: Partial<Record<keyof T, string>> },
  count?: Count,
) => defineStrings<Record<keyof T & string, string>>(table.en, table.zh, count);

/**
 * Writes a template's counts (plural.ts's `withPlurals`): passed only by tables that have them,
 * so the popup's first path (20 kB budget) does not carry it.
 */
export type Count = (
  template: string,
  values: Record<string, string | number>,
  locale: string,
) => string;

export function defineStrings<T extends Strings>(
  en: T,
  zh: Partial<Record<keyof T, string>>,
  count?: Count,
) {
  return (language: Language) =>
    (key: keyof T & string, values: Record<string, string | number> = {}): string => {
      const template = (language === "zh_CN" ? zh[key] : undefined) ?? en[key] ?? key;
      const counted = count
        ? count(template, values, language === "zh_CN" ? "zh-CN" : "en")
        : template;
      return counted.replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in values ? String(values[name]) : whole,
      );
    };
}
