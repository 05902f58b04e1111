import type { CreateOutcome } from "../../lib/protocol/commands";
import { useCreateT } from "./create-words";
import { focusOnMount } from "./focus-on-mount";

/** After a purchase: how many tokens were made (a dynamic kind may make fewer), and what next. */
export function CreateDone({
  result,
  dynamic,
  onCreateMore,
  onShowTokens,
}: {
  result: CreateOutcome;
  dynamic: boolean;
  onCreateMore: () => void;
  onShowTokens: () => void;
}) {
  const t = useCreateT();
  return (
    <section class="form" aria-label={t("createTitle")}>
      <p
        class={result.created < result.requested ? "warn" : "note"}
        role="status"
        tabIndex={-1}
        ref={focusOnMount}
      >
        {dynamic
          ? t("createdOf", { created: result.created, requested: result.requested })
          : t("created", { count: result.created })}
      </p>
      {result.unusable > 0 && (
        <p class="warn" role="alert">
          {t("createdUnusable", { count: result.unusable })}
        </p>
      )}
      <div class="actions">
        <button type="button" class="btn" onClick={onCreateMore}>
          {t("createMore")}
        </button>
        <button type="button" class="btn btn--primary" onClick={onShowTokens}>
          {t("showTokens")}
        </button>
      </div>
    </section>
  );
}
