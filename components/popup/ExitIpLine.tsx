import { useState } from "preact/hooks";
import type { Failure } from "../../lib/base/failure";
import { sayStatus } from "../../lib/i18n/status-words";
import { relativeTime } from "../../lib/popup/format";
import type { RouteStatus } from "../../lib/state/route-status";
import type { ProxyStatus } from "../../lib/state/status";
import { useEnv } from "./env";
import { Flag } from "./Flag";
import { ForeignNoteView } from "./lazy-views";
import { ErrorText } from "./Messages";

/**
 * The top: where traffic goes now, in the one status vocabulary, on a line of its own that never
 * cuts it (the token's name may ellipsize), then the exit IP from the engine's last check, whose
 * place and age may ellipsize. The way to Options sits beside the route.
 */
export function ExitIpLine({
  status,
  route,
  name,
  now,
}: {
  status: ProxyStatus;
  route: RouteStatus;
  /** The named token's name, if it has one. */
  name: string;
  now: number;
}) {
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
  // The check's own route is said only where it differs from the route now (a check from
  // before a switch): the line never contradicts the route word unexplained.
  const viaNow = route.kind === "through" || route.kind === "checking" ? route.tokenId : null;
  const via =
    exit && exit.viaTokenId !== viaNow
      ? exit.viaTokenId === null
        ? t("exitDirect")
        : t("exitVia", { id: exit.viaTokenId })
      : "";
  return (
    <header class="top">
      <h1 class="visually-hidden">{t("title")}</h1>
      <div class="route-line">
        <p class="route-now" data-testid="route-now" data-status={route.kind}>
          <strong class="route-word" data-testid="route-word">
            {sayStatus(t, route)}
          </strong>
          {name && <span class="route-name">{` · ${name}`}</span>}
        </p>
        <button type="button" class="btn btn--small" disabled={checking} onClick={check}>
          {checking ? t("checkingExit") : t("checkExit")}
        </button>
        <button type="button" class="link" onClick={() => openOptions()}>
          {t("options")}
        </button>
      </div>
      <p class="exit" data-testid="exit-ip">
        {exit ? (
          <>
            <span class="label">{t("exitIp")}</span> <strong>{exit.ip}</strong>{" "}
            <span class="muted">
              {via && `${via} · `}
              <Flag code={exit.countryCode} />
              {where && `${where} · `}
              {relativeTime(exit.checkedAt, now, language)}
            </span>
          </>
        ) : (
          <span class="muted">{t("exitIpUnknown")}</span>
        )}
      </p>
      {status.controlledByOther && <ForeignNoteView.Lazy />}
      {error && <ErrorText failure={error} />}
    </header>
  );
}
