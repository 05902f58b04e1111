import { asFailure } from "../../lib/protocol/failure";
import type { UnseenFailure as Unseen } from "../../lib/state/items";
import { useEnv } from "./env";
import { ErrorText } from "./Messages";

/** Background work the user did not watch failed: said here (and on the badge) until seen. */
export function UnseenFailure({ unseen }: { unseen: Unseen }) {
  const { t, send } = useEnv();
  return (
    <section class="notice notice--error" role="alert" data-testid="unseen-failure">
      <p>
        <strong>{t(unseen.source === "toggle" ? "unseenToggle" : "unseenAutoRefresh")}</strong>
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
