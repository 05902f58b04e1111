/**
 * @tanstack/virtual-core bound to Preact, the popup's document as the scroller: the same few
 * lines @tanstack/react-virtual has for React (create once, mount, update before paint, render
 * again when the range moves), without pulling in React.
 */
import {
  observeWindowOffset,
  observeWindowRect,
  type PartialKeys,
  Virtualizer,
  type VirtualizerOptions,
  windowScroll,
} from "@tanstack/virtual-core";
import { useEffect, useLayoutEffect, useReducer, useState } from "preact/hooks";

type WindowOptions = PartialKeys<
  VirtualizerOptions<Window, Element>,
  "getScrollElement" | "observeElementRect" | "observeElementOffset" | "scrollToFn"
>;

export function useWindowVirtualizer(options: WindowOptions): Virtualizer<Window, Element> {
  const [, rerender] = useReducer((n: number, _: undefined) => n + 1, 0);
  const resolved: VirtualizerOptions<Window, Element> = {
    getScrollElement: () => window,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    // The popup's size is known before the first layout, so the first render already holds
    // the rows that fill it.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => window.scrollY,
    ...options,
    onChange: (instance, sync) => {
      rerender(undefined);
      options.onChange?.(instance, sync);
    },
  };
  const [instance] = useState(() => new Virtualizer(resolved));
  instance.setOptions(resolved);
  useEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
