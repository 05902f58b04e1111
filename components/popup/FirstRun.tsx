import { firstRunStrings } from "../../lib/i18n/first-run-strings";
import { useEnv } from "./env";
import { viewWords } from "./view-words";

/** Its words come with its chunk: a popup with credentials never loads them. */
const useFirstRunT = viewWords(firstRunStrings);

/**
 * The popup before any credentials: one instruction and one action, and nothing that could
 * fail yet (no list, no lookups, no exit check), so a new user meets no error before acting.
 */
export function FirstRun() {
  const { openOptions } = useEnv();
  const t = useFirstRunT();
  return (
    <section class="notice first-run" data-testid="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t("firstRunTitle")}</h2>
      <p>{t("firstRunText")}</p>
      <div class="notice-actions">
        <button type="button" class="btn btn--primary" onClick={() => openOptions("welcome")}>
          {t("firstRunAction")}
        </button>
      </div>
    </section>
  );
}
