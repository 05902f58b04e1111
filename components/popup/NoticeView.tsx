/**
 * What an action's reply says ("Deleted #3." with Undo): shown only after an action, so it
 * loads on demand (lazy-views.ts), off the popup's first path.
 */
import type { Notice } from "../../lib/popup/outcome";
import { useEnv } from "./env";
import { OptionsLink } from "./Messages";

export function NoticeView({
  notice,
  onDismiss,
  onUndo,
}: {
  notice: Notice;
  onDismiss: () => void;
  onUndo?: (ids: number[]) => void;
}) {
  const { t } = useEnv();
  const { undoIds } = notice;
  const text = notice.lines.join(" ");
  return (
    <div class={`notice notice--${notice.tone}`} data-testid="notice">
      <p>
        {text}
        {notice.optionsLink && <OptionsLink />}
      </p>
      {notice.items.length > 0 && (
        <ul class="notice-items">
          {notice.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      <div class="notice-actions">
        {undoIds && onUndo && (
          <button type="button" class="btn" onClick={() => onUndo(undoIds)}>
            {t("undo")}
          </button>
        )}
        <button type="button" class="btn" onClick={onDismiss}>
          {t("dismiss")}
        </button>
      </div>
    </div>
  );
}
