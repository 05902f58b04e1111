import { FIRST_PAINT_ROWS } from "../../lib/popup/filter";
import type { RowsProps } from "./WindowedRows";

/**
 * The list until the windowing code has loaded (a moment after the first frame): the first
 * rows, as many as the popup shows.
 */
export function FirstRows({ count, renderRow, class: name }: RowsProps) {
  const shown = Math.min(count, FIRST_PAINT_ROWS);
  return <ul class={name}>{Array.from({ length: shown }, (_, i) => renderRow(i))}</ul>;
}
