/** The subscription strings in the page's language. */
import { useContext, useMemo } from "preact/hooks";
import { type SubscriptionT, subscriptionTranslate } from "@/lib/i18n/subscription-strings";
import { LanguageContext } from "../shared";

export function useSubscriptionT(): SubscriptionT {
  const language = useContext(LanguageContext);
  return useMemo(() => subscriptionTranslate(language), [language]);
}
