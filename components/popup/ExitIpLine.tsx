import { useState } from "preact/hooks";
import { relativeTime } from "../../lib/popup/format";
import type { Failure } from "../../lib/protocol/failure";
import type { ProxyStatus } from "../../lib/state/status";
import { useEnv } from "./env";
import { Flag } from "./Flag";
import { ErrorText } from "./Messages";

/** The exit IP from the engine's last check, in one line, with the way to Options. */
export function ExitIpLine({ status, now }: { status: ProxyStatus; now: number }) {
  const { t, send, openOptions, language } = useEnv();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const exit = status.exitIp;

  const check = async () => {
    setChecking(true);
    setError(null);
    const reply = await send({ type: "checkExitIp" });
    setChecking(false);
    if (!reply.ok) setError(reply.failure);
  };

  const where = exit ? [exit.city, exit.country].filter(Boolean).join(", ") : "";
  return (
    <header class="top">
      <h1 class="visually-hidden">{t("title")}</h1>
      <div class="exit-line">
        <p class="exit" data-testid="exit-ip">
          {exit ? (
            <>
              <span class="label">{t("exitIp")}</span> <strong>{exit.ip}</strong>{" "}
              <span class="muted">
                <Flag code={exit.countryCode} />
                {where}
                {" · "}
                {exit.viaTokenId === null ? t("exitDirect") : t("exitVia", { id: exit.viaTokenId })}
                {" · "}
                {relativeTime(exit.checkedAt, now, language)}
              </span>
            </>
          ) : (
            <span class="muted">{t("exitIpUnknown")}</span>
          )}
        </p>
        <button type="button" class="btn btn--small" disabled={checking} onClick={check}>
          {checking ? t("checkingExit") : t("checkExit")}
        </button>
        <button type="button" class="link" onClick={openOptions}>
          {t("options")}
        </button>
      </div>
      {status.controlledByOther && <p class="warn">{t("controlledByOther")}</p>}
      {error && <ErrorText failure={error} />}
    </header>
  );
}
