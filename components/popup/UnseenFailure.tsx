import { asFailure } from "../../lib/base/failure";
import { alertStrings } from "../../lib/i18n/alert-strings";
import type { UnseenFailure as Unseen } from "../../lib/storage/items";
import { useEnv } from "./env";
import { ErrorText } from "./Messages";
import { viewWords } from "./view-words";

/** Rarely shown: its words come with its chunk (off the popup's first path). */
const useAlertT = viewWords(alertStrings);

const HEADLINE = {
  "auto-refresh": "unseenAutoRefresh",
  toggle: "unseenToggle",
  create: "unseenCreate",
} as const;

/** Background work the user did not watch failed: said here (and on the badge) until seen. */
export function UnseenFailure({ unseen }: { unseen: Unseen }) {
  const { send } = useEnv();
  const t = useAlertT();
  return (
    <section class="notice notice--error" role="alert" data-testid="unseen-failure">
      <p>
        <strong>{t(HEADLINE[unseen.source])}</strong>
      </p>
      <ErrorText failure={asFailure(unseen.failure)} />
      <div class="notice-actions">
        <button
          type="button"
          class="btn"
          onClick={() => void send({ type: "dismissUnseenFailure" })}
        >
          {t("dismiss")}
        </button>
      </div>
    </section>
  );
}
