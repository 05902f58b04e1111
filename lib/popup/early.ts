/**
 * What popup-early.js (lib/popup/early-start.ts) starts before the popup's modules have loaded, handed to
 * them through globals (module scripts run only once all of them arrive; this script does
 * not wait).
 */
import type { FailurePack, PopupPack } from "../i18n/popup-pack";

export interface EarlyStart {
  /** The one storage read of what the first screen shows (FIRST_KEYS). */
  popupStorage?: Promise<Record<string, unknown>>;
  /** The strings of the language the user sees, and its failure sentences. */
  popupPack?: Promise<PopupPack>;
  popupFailures?: Promise<FailurePack>;
  /** Set when one of FIRST_KEYS changed after the read: the page reads again. */
  popupStorageChanged?: boolean;
}

export const earlyStart = globalThis as EarlyStart;

/** What the first screen reads, in one call. */
export const FIRST_KEYS = [
  "popupSummary",
  "connection",
  "proxyStatus",
  "settings",
  "unseenFailure",
];
