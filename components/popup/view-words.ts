/**
 * Words of a view that loads on demand (the create form, the Trash): its own strings come with
 * its chunk (its catalog loads beside it: load-catalog.ts), so the popup page carries only what its first screen shows.
 * The view's `t` reads its own keys first and the popup's for the rest.
 */
import { useMemo } from "preact/hooks";
import { type Language, translateOf } from "../../lib/i18n";
import { withPlurals } from "../../lib/i18n/plural";
import type { PopupStringKey } from "../../lib/i18n/popup-strings";
import { useEnv } from "./env";

type Values = Record<string, string | number>;
type ViewT<Key extends string> = (key: Key | PopupStringKey, values?: Values) => string;

export function viewWords<Own extends Record<string, string>>(table: {
  name: string;
  en: Own;
}): () => ViewT<keyof Own & string> {
  // The views' own words may count (the create form's "Buy 3 tokens"); the popup's do not.
  const own = translateOf(table, withPlurals);
  const wordsIn = (language: Language, t: (key: PopupStringKey, values?: Values) => string) => {
    const word = own(language);
    return (key: (keyof Own & string) | PopupStringKey, values?: Values) =>
      Object.hasOwn(table.en, key)
        ? word(key as keyof Own & string, values)
        : t(key as PopupStringKey, values);
  };
  return () => {
    const { t, language } = useEnv();
    return useMemo(() => wordsIn(language, t), [language, t]);
  };
}
