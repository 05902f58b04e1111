import type { Failure } from "../../lib/base/failure";
import type { Language } from "../../lib/i18n";
import type { PopupT } from "../../lib/i18n/popup-strings";
import {
  expiryOf,
  formatDateTime,
  formatTraffic,
  placeOf,
  relativeTime,
  type TrafficUnit,
  trafficOf,
} from "../../lib/popup/format";
import type { HealthMark } from "../../lib/popup/health-marks";
import type { RouteStatus } from "../../lib/state/route-status";
import { isDynamic } from "../../lib/state/token-facts";
import { warningsOf } from "../../lib/state/token-warnings";
import type { StoredToken } from "../../lib/state/tokens";
import { Flag } from "./Flag";
import { ErrorText } from "./Messages";
import { memo } from "./memo";
import { RouteBadge } from "./RouteBadge";

export type RowAction = "connect" | "disconnect" | "refresh" | "delete";

export interface RowHandlers {
  onSelect: (id: number, selected: boolean) => void;
  onConnect: (id: number) => void;
  onDisconnect: (id: number) => void;
  onRefresh: (id: number) => void;
  onCopy: (id: number, format: "line" | "url") => void;
  onDelete: (id: number) => void;
}

export interface TokenRowProps {
  token: StoredToken;
  /** Its place in the list shown, for the windowed list's measuring. */
  index?: number;
  active: boolean;
  /** What the browser has shown about the active token, decided once (route-status.ts). */
  routeState?: RouteStatus;
  selected: boolean;
  pending: RowAction | undefined;
  error: Failure | undefined;
  note: string | undefined;
  /** Moves on a tick, so rows re-render for the clock only then. */
  now: number;
  t: PopupT;
  language: Language;
  socksAuth: boolean;
  /** How traffic amounts read (the spec states no unit). */
  trafficUnit: TrafficUnit;
  /** Days before expiry from which the row is marked (0: never). */
  warnDays: number;
  handlers: RowHandlers;
  /** Its last health result, once the health chunk has read them (HealthBar). */
  health?: HealthMark | undefined;
}

function TokenRowView(props: TokenRowProps) {
  const { token, active, routeState, selected, pending, error, note, now, t, language, handlers } =
    props;
  const { id } = token;
  const place = placeOf(token) || t("unknownCountry");
  const expiry = expiryOf(token, now);
  const traffic = trafficOf(token);
  const warnings = warningsOf(token, now, props.warnDays);
  const busy = pending !== undefined;
  const errorId = `row-error-${id}`;
  return (
    <li
      class={`row${active ? " row--active" : ""}${error ? " row--error" : ""}`}
      data-token-id={id}
      data-index={props.index}
      aria-describedby={error ? errorId : undefined}
    >
      <div class="row-head">
        {/* The label is the checkbox's touch target (44 px on a touch screen: popup.css). */}
        <label class="select">
          <input
            type="checkbox"
            checked={selected}
            aria-label={t("selectToken", { id })}
            onChange={(e) => handlers.onSelect(id, e.currentTarget.checked)}
          />
        </label>
        <span class="place" title={place}>
          {/* The user's colour and name (token-look.ts), inline and plain: the first path's
              budget. A line's name of a proxy added by hand stays in the line below. */}
          {token.look?.colour && (
            <i style={{ color: token.look.colour }} aria-hidden="true">
              {"● "}
            </i>
          )}
          {token.look?.name && `${token.look.name} · `}
          <Flag code={token.countryCode} />
          {place}
        </span>
        {active && <RouteBadge state={routeState} t={t} />}
        {active ? (
          <button
            type="button"
            class="btn btn--primary"
            disabled={busy}
            aria-label={t("disconnectLabel", { id })}
            onClick={() => handlers.onDisconnect(id)}
          >
            {pending === "disconnect" ? t("disconnecting") : t("disconnect")}
          </button>
        ) : (
          <button
            type="button"
            class="btn btn--primary"
            disabled={busy}
            aria-label={t("connectLabel", { id })}
            onClick={() => handlers.onConnect(id)}
          >
            {pending === "connect" ? t("connecting") : t("connect")}
          </button>
        )}
      </div>
      <p class="row-meta">
        <span class="kind">{t(`kind.${token.kind}`)}</span> · {token.networkType} · #{id}
        {token.name && <> · {token.name}</>}
        {props.health && (
          <>
            {" · "}
            <span
              class={`health-mark health-mark--${props.health.tone}`}
              title={props.health.title}
              aria-description={props.health.title}
            >
              {props.health.text}
            </span>
          </>
        )}
      </p>
      <p class="row-meta">
        <span>
          {t("address")} <code>{`${token.host}:${token.port}`}</code>
        </span>{" "}
        ·{" "}
        <span>
          {t("ip")} {token.ip ? <code>{token.ip}</code> : <em>{t("assigning")}</em>}
        </span>
      </p>
      <p
        class={`row-meta${expiry.state === "expired" ? " expired" : ""}`}
        title={expiry.state === "none" ? undefined : formatDateTime(expiry.at, language)}
      >
        {expiry.state === "none"
          ? t("noExpiry")
          : expiry.state === "expired"
            ? t("expired", { when: relativeTime(expiry.at, now, language) })
            : t("expires", { when: relativeTime(expiry.at, now, language) })}
      </p>
      {traffic && (
        <div class="traffic">
          <progress
            max={traffic.quota > 0 ? traffic.quota : 1}
            value={traffic.quota > 0 ? traffic.used : 1}
            aria-label={t("traffic")}
            class={traffic.exhausted ? "exhausted" : undefined}
          />
          <span>
            {traffic.exhausted
              ? t("trafficExhausted")
              : t("trafficOf", {
                  used: formatTraffic(traffic.used, props.trafficUnit, language),
                  quota: formatTraffic(traffic.quota, props.trafficUnit, language),
                  percent: Math.floor(traffic.share * 100),
                })}
          </span>
        </div>
      )}
      {warnings.length > 0 && (
        <p class="row-meta warn" data-testid="token-warnings">
          {warnings
            .map((w) =>
              w === "expiring"
                ? t("warnExpiring")
                : t("warnTraffic", { percent: Math.floor((traffic?.share ?? 1) * 100) }),
            )
            .join(" · ")}
        </p>
      )}
      {token.networkType === "SOCKS5" && !props.socksAuth && (
        <p class="row-meta warn">{t("socksOnChrome")}</p>
      )}
      {error && <ErrorText id={errorId} failure={error} />}
      {note && <p class="note">{note}</p>}
      <div class="row-actions">
        {isDynamic(token) && (
          <button
            type="button"
            class="btn"
            disabled={busy}
            aria-label={t("refreshLabel", { id })}
            onClick={() => handlers.onRefresh(id)}
          >
            {pending === "refresh" ? t("refreshing") : t("refreshIp")}
          </button>
        )}
        <button
          type="button"
          class="btn"
          aria-label={t("copyLine", { id })}
          onClick={() => handlers.onCopy(id, "line")}
        >
          {t("copyLineShort")}
        </button>
        <button
          type="button"
          class="btn"
          aria-label={t("copyUrl", { id })}
          onClick={() => handlers.onCopy(id, "url")}
        >
          {t("copyUrlShort")}
        </button>
        <button
          type="button"
          class="btn btn--danger"
          disabled={busy}
          aria-label={t("deleteLabel", { id })}
          onClick={() => handlers.onDelete(id)}
        >
          {pending === "delete" ? t("deleting") : t("deleteOne")}
        </button>
      </div>
    </li>
  );
}

/** Rows re-render only when their own token, state or the clock tick changes. */
export const TokenRow = memo(TokenRowView);
