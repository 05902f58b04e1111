/**
 * The Options page's language: the one its settings resolve to, once that language's catalog
 * has loaded (lib/i18n/load-catalog.ts). While a newly chosen language loads, the page keeps
 * the one it shows, so no section unmounts (nor loses its form) for a language change.
 */
import { useEffect, useState } from "preact/hooks";
import type { Language } from "@/lib/base/languages";
import { recordedAs } from "@/lib/diagnostics/record";
import { hasCatalog } from "@/lib/i18n/catalog";
import { loadCatalog } from "@/lib/i18n/load-catalog";

/** null until the first language is in (settings unread, or its catalog loading). */
export function useLoadedLanguage(wanted: Language | null): Language | null {
  const [loaded, setLoaded] = useState<Language | null>(() =>
    wanted && hasCatalog(wanted) ? wanted : null,
  );
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // A catalog that fails to load leaves its keys in English: still a page to show.
    void loadCatalog(wanted)
      .catch(recordedAs("language:catalog"))
      .then(() => {
        if (live) setLoaded(wanted);
      });
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}
