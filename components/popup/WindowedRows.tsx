/**
 * A long list drawn a window at a time: only the rows near the viewport are in the DOM (10,000
 * tokens scroll and filter as lightly as 10); the others stand as padding of their measured,
 * or else estimated, height. Rows are measured as they appear, so rows of any height (an error,
 * a note, a traffic bar) keep the scroll position true.
 */
import type { VNode } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { useWindowVirtualizer } from "./use-window-virtualizer";

export interface RowsProps {
  count: number;
  /** A stable key per index (the token's id), so a measured height follows its row. */
  keyOf: (index: number) => number;
  /** The row at an index: an element carrying data-index={index}. */
  renderRow: (index: number) => VNode;
  /** A row's height before it is measured, and the list's gap between rows, in px. */
  estimate: number;
  gap: number;
  class: string;
}

/** Rows above and below the viewport kept drawn, so a fast scroll or a Tab lands on a row. */
const OVERSCAN = 3;

export function WindowedRows({ count, keyOf, renderRow, estimate, gap, class: name }: RowsProps) {
  const list = useRef<HTMLUListElement>(null);
  // Where the list starts in the document: the controls above it take this much scrolling.
  const [margin, setMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimate,
    getItemKey: keyOf,
    gap,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // Exact heights: rounded ones (offsetHeight) would drift by up to half a pixel a row,
    // thousands of pixels over 10,000 rows.
    measureElement: (element) => element.getBoundingClientRect().height,
  });

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - margin) >= 1) setMargin(top);
    for (const row of element.children) virtualizer.measureElement(row);
  });

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - margin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;
  return (
    <ul
      ref={list}
      class={name}
      style={{ paddingTop: `${Math.max(0, before)}px`, paddingBottom: `${Math.max(0, after)}px` }}
    >
      {items.map((item) => renderRow(item.index))}
    </ul>
  );
}
