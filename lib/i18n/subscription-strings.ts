/** Rule lists kept by URL (Options, site rules): English and Simplified Chinese. */
import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const subscriptionStrings = {
  name: "subscription",
  en: {
    "sub.heading": "Subscribe to a rule list by URL",
    "sub.intro":
      "The list is fetched now, then again on its schedule. When an update fails or brings something that is not a usable list, the last good copy stays in force and its rule says why.",
    "sub.url": "Address of the list",
    "sub.name": "Name of the subscribed list's rule",
    "sub.route": "Route of the subscribed list's sites",
    "sub.via": "Fetch the list",
    "sub.viaDirect": "Direct",
    "sub.viaBrowser": "As the browser goes now (direct, or through the connected token)",
    "sub.viaToken": "Through {token}",
    "sub.every": "Update",
    "sub.everyHours": "{count, plural, one {Every hour} other {Every # hours}}",
    "sub.everyDay": "Daily",
    "sub.everyDays": "Every {count} days",
    "sub.subscribe": "Subscribe",
    "sub.fetching": "Fetching the list…",
    "sub.added": "Subscribed to “{name}” (lines in force: {count}), added as rule {position}.",
    "sub.addedRejected":
      "Subscribed to “{name}” (lines in force: {count}), added as rule {position}. Lines not understood and left out: {rejected}.",
    "sub.notAdded": "The list was not added: {problem}.",
    "sub.badUrl":
      "Enter the list's address starting with https:// (http:// only to this computer).",
    "sub.full": "There are already 10,000 rules: delete some before adding more.",
    "sub.badName": "Shorten the name to 200 characters or fewer.",
    "sub.source": "List “{name}” from {host}",
    "sub.never": "Not fetched yet: it is fetched within a minute.",
    "sub.off": "Not fetched while the rule is off: it is fetched once you turn it on.",
    "sub.neverFailed":
      "Not fetched yet: {problem} ({when}). Nothing of it routes; it is tried again within the hour.",
    "sub.updating": "Updating…",
    "sub.cutOff":
      "The update that began {when} was cut off when the browser stopped the background; the copy from {fetched} stays in force and it is tried again soon.",
    "sub.checked": "Checked {when}; the copy in force arrived {fetched}.",
    "sub.failed":
      "The update {when} failed: {problem}. The copy from {fetched} stays in force; it is tried again within the hour.",
    "sub.change": "Last change {when}: +{added} / −{removed} lines.",
    "sub.rejected": "Lines not understood and left out: {count}.",
    "sub.how": "{every}, {via}.",
    "sub.howDirect": "direct",
    "sub.howBrowser": "the way the browser goes",
    "sub.howToken": "through token #{id}",
    "sub.updateNow": "Update now",
    "sub.updateNowOf": "Update now: rule {position} ({rule})",
    "sub.result.changed": "“{rule}” updated: +{added} / −{removed} lines.",
    "sub.result.unchanged": "“{rule}” is up to date.",
    "sub.result.failed": "“{rule}” was not updated: {problem}. The last good copy stays in force.",
    "sub.result.gone": "“{rule}” is no longer a subscribed list.",
    "sub.problem.status": "the server answered HTTP {detail}",
    "sub.problem.timeout": "no answer came within {detail} seconds",
    "sub.problem.network": "the list's server could not be reached ({detail})",
    "sub.problem.too-large": "the answer was larger than 5 MB, the most a list may be",
    "sub.problem.html": "a web page came instead of a rule list (a login or error page?)",
    "sub.problem.unusable": "it holds no line that would send a site along its route",
    "sub.problem.insecure-redirect":
      "it was redirected to an address that is not https ({detail}), so it was not used",
    "sub.problem.redirect-unchecked":
      "it was redirected (to {detail}) by a way this browser could not check hop by hop, so it was not used",
    "sub.problem.via-unusable":
      "the token it is fetched through cannot be used now ({detail}): choose another beside it",
  },
} as const;

export const subscriptionTranslate = translateOf(subscriptionStrings, withPlurals);
export type SubscriptionT = ReturnType<typeof subscriptionTranslate>;
