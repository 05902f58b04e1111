/**
 * Views the first screen does not show load on demand, in chunks of their own. `prefetch`
 * starts the load early (hover, focus, idle) so opening them shows no delay.
 */
import { type ComponentType, h } from "preact";
import { useEffect, useState } from "preact/hooks";

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const prefetch = (): Promise<ComponentType<P>> => {
    loading ??= load().then((view) => {
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
    return view ? h(view, props) : null;
  }

  return { Lazy, prefetch };
}
