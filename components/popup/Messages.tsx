import { mentionsOptions, type Notice } from "../../lib/popup/outcome";
import { useEnv } from "./env";

/** The reply's own sentence; one that sends the user to Options links there. */
export function ErrorText({ message, id }: { message: string; id?: string }) {
  const { t, openOptions } = useEnv();
  return (
    <p class="error" id={id}>
      {message}
      {mentionsOptions(message) && (
        <>
          {" "}
          <button type="button" class="link" onClick={openOptions}>
            {t("openOptions")}
          </button>
        </>
      )}
    </p>
  );
}

export function NoticeView({
  notice,
  onDismiss,
  onUndo,
}: {
  notice: Notice;
  onDismiss: () => void;
  onUndo?: (ids: number[]) => void;
}) {
  const { t, openOptions } = useEnv();
  const { undoIds } = notice;
  const text = notice.lines.join(" ");
  return (
    <div class={`notice notice--${notice.tone}`} data-testid="notice">
      <p>
        {text}
        {notice.tone === "error" && mentionsOptions(text) && (
          <>
            {" "}
            <button type="button" class="link" onClick={openOptions}>
              {t("openOptions")}
            </button>
          </>
        )}
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
