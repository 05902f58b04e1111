/**
 * The popup's readers of stored items: shape checks cheap enough for its first frame, no
 * schema library. Only the background writes these items, and it validates on write; what
 * fails a check here (an entry from another version, damage) is left out of the view, as the
 * background leaves it untouched in storage.
 */
import { isRecord } from "../base/is-record";
import { isLanguage } from "../base/languages";
import type { PopupSummary } from "../state/popup-summary";
import { readSummary } from "../state/popup-summary";
import type { Settings } from "../state/settings";
import type { Connection, ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
import type { TrashEntry } from "../state/trash";

export type PopupSettings = Pick<
  Settings,
  "language" | "webrtcProtection" | "webrtcOfferDismissed" | "trafficUnit" | "warnDays"
> & {
  /** The provider's address and API credentials are stored (their values stay out of view). */
  credentials: boolean;
};
export interface UnseenFailureView {
  source: "auto-refresh" | "toggle" | "create";
  failure: { code: string; [param: string]: string | number };
  at: number;
}

const isId = (v: unknown): v is number => Number.isInteger(v);
const idOrNull = (v: unknown): number | null => (isId(v) ? v : null);

/** The fields a row reads, with the types it reads them as. */
export function isTokenShaped(v: unknown): v is StoredToken {
  return (
    isRecord(v) &&
    isId(v.id) &&
    typeof v.kind === "string" &&
    typeof v.host === "string" &&
    isId(v.port) &&
    typeof v.username === "string" &&
    typeof v.password === "string" &&
    typeof v.ip === "string" &&
    typeof v.country === "string" &&
    typeof v.city === "string" &&
    (v.expiresAt === null || Number.isFinite(v.expiresAt))
  );
}

export const storedTokens = (raw: unknown): StoredToken[] =>
  Array.isArray(raw) ? raw.filter(isTokenShaped) : [];

export const storedTrash = (raw: unknown): TrashEntry[] =>
  Array.isArray(raw)
    ? raw.filter(
        (e): e is TrashEntry =>
          isRecord(e) &&
          isTokenShaped(e.token) &&
          Number.isFinite(e.deletedAt) &&
          Number.isFinite(e.restoreDeadline),
      )
    : [];

export const storedSummary = (raw: unknown): PopupSummary | null => {
  const summary = readSummary(raw);
  return summary?.first.every(isTokenShaped) ? summary : null;
};

export function storedSettings(raw: unknown): PopupSettings {
  const value = isRecord(raw) ? raw : {};
  const language = value.language;
  return {
    language: isLanguage(language) ? language : "auto",
    webrtcProtection: value.webrtcProtection === true,
    webrtcOfferDismissed: value.webrtcOfferDismissed === true,
    credentials: typeof value.baseUrl === "string" && value.baseUrl !== "" && isRecord(value.auth),
    trafficUnit:
      value.trafficUnit === "bytes" || value.trafficUnit === "GB" ? value.trafficUnit : "unstated",
    warnDays:
      typeof value.warnDays === "number" && value.warnDays >= 0 && value.warnDays <= 365
        ? value.warnDays
        : 2,
  };
}

export function storedConnection(raw: unknown): Connection {
  const value = isRecord(raw) ? raw : {};
  return {
    activeTokenId: idOrNull(value.activeTokenId),
    lastTokenId: idOrNull(value.lastTokenId),
    off: value.off === true,
  };
}

const STATES: readonly string[] = ["direct", "checking", "connected", "error", "blocked"];
const isFailure = (v: unknown): v is { code: string } => isRecord(v) && typeof v.code === "string";

export function storedStatus(raw: unknown): ProxyStatus {
  const value = isRecord(raw) ? raw : {};
  const error =
    isRecord(value.error) && isFailure(value.error.failure) && Number.isFinite(value.error.at)
      ? (value.error as ProxyStatus["error"])
      : null;
  const state = STATES.includes(value.state as string)
    ? (value.state as ProxyStatus["state"])
    : "direct";
  const exitIp =
    isRecord(value.exitIp) && typeof value.exitIp.ip === "string" ? value.exitIp : null;
  return {
    // An error or a block without a readable reason proves nothing.
    state: (state === "error" || state === "blocked") && !error ? "checking" : state,
    tokenId: idOrNull(value.tokenId),
    error,
    exitIp: exitIp as ProxyStatus["exitIp"],
    controlledByOther: value.controlledByOther === true,
  };
}

export function storedUnseenFailure(raw: unknown): UnseenFailureView | null {
  if (!isRecord(raw) || !isFailure(raw.failure) || typeof raw.at !== "number") return null;
  const { source } = raw;
  if (source !== "auto-refresh" && source !== "toggle" && source !== "create") return null;
  return { source, failure: raw.failure as UnseenFailureView["failure"], at: raw.at };
}
