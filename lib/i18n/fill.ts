/**
 * Filling a template in a language: `{name}` placeholders, plural forms (with `count`), and in
 * right-to-left text each value isolated. Apart from the translators (index.ts) because the
 * popup's first path (20 kB budget) words from its complete pack with this alone.
 */
import { intlLocale, type Language, textDirection } from "../base/languages";

export type Strings = Record<string, string>;
type Values = Record<string, string | number>;

/**
 * Writes a template's counts (plural.ts's `withPlurals`): passed only by tables that have them,
 * so the popup's first path (20 kB budget) does not carry it.
 */
export type Count = (template: string, values: Values, locale: string) => string;

// Unicode's first-strong isolate: inside right-to-left text an address, a number or a host
// keeps its own left-to-right order, and a Persian value stays right to left.
const isolate = (value: string) => `\u2068${value}\u2069`;

/** Fills `{name}` placeholders (and, with `count`, plural forms) of one template. */
export function fill(template: string, values: Values, language: Language, count?: Count): string {
  const rtl = textDirection(language) === "rtl";
  const shown = rtl
    ? Object.fromEntries(Object.entries(values).map(([name, v]) => [name, isolate(String(v))]))
    : values;
  const counted = count ? count(template, values, intlLocale(language)) : template;
  return counted.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in shown ? String(shown[name]) : whole,
  );
}

/** Words from a table complete in `language` (the popup's packs): a missing key reads as itself. */
export const wordsFrom =
  <T extends Strings>(table: T, language: Language, count?: Count) =>
  (key: keyof T & string, values: Values = {}): string =>
    fill(table[key] ?? key, values, language, count);
