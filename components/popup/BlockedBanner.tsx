import type { Failure } from "../../lib/base/failure";
import { alertStrings } from "../../lib/i18n/alert-strings";
import { useEnv } from "./env";
import { ErrorText } from "./Messages";
import { viewWords } from "./view-words";

/** Rarely shown: its words come with its chunk (off the popup's first path). */
const useAlertT = viewWords(alertStrings);

/**
 * Fail closed, said plainly: the chosen token cannot be used, so traffic is blocked. Two ways
 * out, both the user's own choice: go direct, or pick another token. When no token is chosen
 * (the browser refused the site rules' settings) neither helps: the sentence points to Options.
 */
export function BlockedBanner({
  failure,
  tokenChosen,
  onChooseToken,
}: {
  failure: Failure;
  tokenChosen: boolean;
  onChooseToken: () => void;
}) {
  const { send } = useEnv();
  const t = useAlertT();
  return (
    <section class="blocked" role="alert" aria-labelledby="blocked-title">
      <p id="blocked-title">
        <strong>{t("blockedTitle")}</strong>
      </p>
      <ErrorText failure={failure} />
      {tokenChosen && (
        <div class="blocked-actions">
          <button type="button" class="btn" onClick={() => void send({ type: "off" })}>
            {t("goDirect")}
          </button>
          <button type="button" class="btn btn--primary" onClick={onChooseToken}>
            {t("chooseToken")}
          </button>
        </div>
      )}
    </section>
  );
}
