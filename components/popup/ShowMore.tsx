import { PAGE_ROWS } from "../../lib/popup/filter";
import { useTrashT } from "./trash-words";

/** Below a long list: how many rows are shown, and a button for the next page of them. */
export function ShowMore({
  shown,
  total,
  onMore,
}: {
  shown: number;
  total: number;
  onMore: () => void;
}) {
  const t = useTrashT();
  if (total <= shown) return null;
  return (
    <div class="more">
      <span>{t("shownOf", { shown, total })}</span>
      <button type="button" class="btn" onClick={onMore}>
        {t("showMore", { count: Math.min(PAGE_ROWS, total - shown) })}
      </button>
    </div>
  );
}
