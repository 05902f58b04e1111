/** Shown when the popup cannot read its first screen: also its own fallback, so kept apart. */
export const OPEN_FAILED =
  "Proxy Deck could not read its saved data. Close this popup and open it again; if it keeps happening, restart the browser.";

import { statusWords } from "./status-words";

/** The popup's own English strings (its catalog table "popup"). */
const own = {
  title: "Proxy Deck",
  loading: "Loading…",
  openFailed: OPEN_FAILED,
  options: "Options",
  openOptions: "Open Options",
  exitIp: "Exit IP",
  exitIpUnknown: "Exit IP not checked yet",
  exitVia: "checked through #{id}",
  exitDirect: "checked direct",
  checkExit: "Check",
  checkingExit: "Checking…",
  viewTokens: "Tokens ({count})",
  viewCreate: "New token",
  viewTrash: "Trash ({count})",
  viewAdd: "Add yours",
  views: "Views",
  dismiss: "Dismiss",

  // List
  unknownCountry: "(no country)",
  noTokens: "No tokens yet. Buy one under “New token”.",
  noMatches: "No token matches these filters.",
  clearFilters: "Clear filters",
  selectAllMatching: "Select all {count} matching",
  selectToken: "Select token #{id}",
  deleteSelected: "Delete selected ({count})",
  clearSelection: "Clear selection",
  tokenList: "Your tokens",

  // Kinds and row
  "kind.static-ip": "Static IP",
  "kind.dynamic-ip": "Dynamic IP",
  "kind.static-traffic": "Static traffic",
  "kind.dynamic-traffic": "Dynamic traffic",
  "kind.manual": "Added by hand",
  connect: "Connect",
  disconnect: "Off",
  connecting: "Connecting…",
  disconnecting: "Turning off…",
  connectLabel: "Connect through token #{id}",
  disconnectLabel: "Turn off token #{id}: every site goes direct, site rules included",
  address: "Proxy",
  ip: "IP",
  assigning: "assigning…",
  expires: "Expires {when}",
  expired: "Expired {when}",
  noExpiry: "No fixed expiry",
  traffic: "Traffic",
  trafficOf: "{used} of {quota} ({percent}%)",
  trafficExhausted: "Traffic used up",
  warnExpiring: "Expires soon",
  warnTraffic: "{percent}% of its traffic used",
  refreshIp: "New IP",
  refreshing: "Getting a new IP…",
  refreshLabel: "New IP for token #{id}",
  refreshed: "New IP assigned.",
  copyLine: "Copy host:port:user:pass of token #{id}",
  copyLineShort: "Copy",
  copyUrl: "Copy URL for curl of token #{id}",
  copyUrlShort: "Copy URL",
  copied: "Copied to the clipboard.",
  copyFailed: "The browser did not allow copying to the clipboard.",
  deleteOne: "Delete",
  deleteLabel: "Delete token #{id}",
  deleting: "Deleting…",
  socksOnChrome: "SOCKS5: Chrome cannot sign in to SOCKS5 proxies; copy it for other apps.",

  // A delete's or restore's outcome is worded by lib/popup/outcome.ts (outcome-strings.ts).
  undo: "Undo",
  retry: "Try again",
};

export const popupTable = { name: "popup", en: own };

/**
 * Every key the popup words: its own and the one status vocabulary (status-words.ts), which the
 * top line and the active row say.
 */
export const en = { ...statusWords.en, ...own };
