/**
 * Views the first screen does not show load on demand, in chunks of their own. `prefetch`
 * starts the load early (hover, focus, idle) so opening them shows no delay.
 */
import { type ComponentType, h } from "preact";
import { useEffect, useState } from "preact/hooks";

/**
 * What loads on demand words itself from the page's catalog (lib/i18n/load-catalog.ts), which
 * loads beside it: one chunk per language, fetched once, off the first path.
 */
export const withPageCatalog = <T>(loading: Promise<T>): Promise<T> =>
  // English is in the code: an English page loads no catalog (nor the code that would).
  document.documentElement.lang === "en"
    ? loading
    : Promise.all([
        loading,
        import("../../lib/i18n/popup-views").then((views) => views.loadPopupViews()),
      ]).then(([value]) => value);

export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** What stands in until the view has loaded; nothing by default. */
  fallback?: ComponentType<P>,
) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const prefetch = (): Promise<ComponentType<P>> => {
    loading ??= withPageCatalog(load()).then((view) => {
      loaded = view;
      return view;
    });
    return loading;
  };

  function Lazy(props: P) {
    const [view, setView] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (!view) void prefetch().then((next) => setView(() => next));
    }, [view]);
    if (view) return h(view, props);
    return fallback ? h(fallback, props) : null;
  }

  return { Lazy, prefetch };
}
