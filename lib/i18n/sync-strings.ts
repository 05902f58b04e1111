/** Options' "Sync" section, in English and Simplified Chinese. */
import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const syncStrings = {
  name: "sync",
  en: {
    "sync.heading": "Sync",
    "sync.intro":
      "Sync your settings and site rules to your other browsers signed in to the same browser account. API credentials, token passwords and the token list never sync: they stay in this browser.",
    "sync.toggle": "Sync settings and site rules across my browsers",
    "sync.off": "Sync is off.",
    "sync.never": "Not synced yet.",
    "sync.last": "Last synced at {time}.",
    "sync.problem.quota":
      "The browser's sync storage is full: the last change did not sync ({time}).",
    "sync.problem.rate": "Too many changes in a short time: sync waits and tries again ({time}).",
    "sync.problem.incomplete":
      "Another browser's change is still arriving: sync waits for it ({time}).",
    "sync.problem.write-failed": "The last change could not be synced ({time}): {detail}",
    "sync.problem.read-failed": "The synced settings could not be read ({time}): {detail}",
    "sync.joined":
      "Sync turned on at {time}: {rulesIn, plural, one {# rule} other {# rules}} and {settingsIn, plural, one {# setting} other {# settings}} came from your other browsers; {rulesOut, plural, one {# rule} other {# rules}} of this browser were added to sync; {replaced, plural, one {# rule here was} other {# rules here were}} replaced by its synced version.",
    "sync.notSynced": "These site rules do not sync:",
    "sync.reason.too-large": "too large for the browser's sync storage (100 KB in all)",
    "sync.reason.no-room": "no room left in the browser's sync storage",
    "sync.reason.local-proxy": "uses a proxy added in this browser only",
    "sync.reason.container": "limited to a container of this browser",
    "sync.reason.managed": "set by your organization's policy in this browser",
    "sync.arrivals": "Changed in another browser:",
    "sync.arrival": "{item}: changed in another browser at {time}",
    "sync.replaced": "{item}: changed in another browser at {time}, replacing the change made here",
    "sync.item.order": "the order of the site rules",
    "sync.item.place": "the place of site rule “{name}”",
    "sync.refused": "Not taken from another browser:",
    "sync.refusedItem": "{item}, changed there at {time}: {reason}",
    "sync.item.setting": "setting “{name}”",
    "sync.setting.baseUrl": "provider address",
    "sync.setting.bypassList": "bypass list",
    "sync.setting.autoRefreshMinutes": "automatic refresh",
    "sync.setting.plan": "plan",
    "sync.setting.language": "language",
    "sync.setting.fallbackDirect": "go direct when the token cannot be used",
    "sync.setting.trafficUnit": "traffic unit",
    "sync.setting.warnDays": "expiry warning days",
    "sync.setting.badgeFailures": "failed requests on the badge",
    "sync.item.rule": "site rule “{name}”",
    "sync.item.ruleGone": "a site rule (removed)",
    "sync.item.look": "the name and colour of token #{id}",
    "sync.offer":
      "Another browser uses the provider {url}. This browser keeps its own address and credentials.",
    "sync.useOffer": "Use it here (you'll enter its credentials)",
  },
} as const;

export type SyncKey = keyof typeof syncStrings.en;
export const syncTranslate = translateOf(syncStrings, withPlurals);
export type SyncT = ReturnType<typeof syncTranslate>;
