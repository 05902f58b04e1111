import { type Failure, fixedInOptions } from "../../lib/base/failure";
import { useEnv } from "./env";

/** A failure in the popup's language; one fixed in Options links there. */
export function ErrorText({ failure, id }: { failure: Failure; id?: string }) {
  const { explain } = useEnv();
  return (
    <p class="error" id={id}>
      {explain(failure)}
      {fixedInOptions(failure) && <OptionsLink />}
    </p>
  );
}

/** A lookup that failed: its sentence and a button to ask again. */
export function RetryError({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t } = useEnv();
  return (
    <div>
      <ErrorText failure={failure} />
      <button type="button" class="btn btn--small" onClick={onRetry}>
        {t("retry")}
      </button>
    </div>
  );
}

/** " Open Options", after a sentence that sends the user there. */
export function OptionsLink() {
  const { t, openOptions } = useEnv();
  return (
    <>
      {" "}
      <button type="button" class="link" onClick={() => openOptions()}>
        {t("openOptions")}
      </button>
    </>
  );
}
