/** The options page's own text, in English (other languages: lib/i18n/locales). */

import { addProxiesStrings } from "./add-proxies-strings";
import { diagnosticsStrings } from "./diagnostics-strings";
import { foreignImportStrings } from "./foreign-import-strings";
import { defineStrings } from "./index";
import { optionsPagesStrings } from "./options-pages-strings";
import { withPlurals } from "./plural";
import { policyStrings } from "./policy-strings";
import { statusWords } from "./status-words";

/** The page's own words (its catalog table "options"). */
const own = {
  "page.title": "Proxy Deck options",
  "page.nav": "Sections",
  "page.loading": "Loading…",
  "nav.credentials": "Credentials",
  "nav.exit": "Exit IP",
  "nav.quality": "IP quality",
  "nav.account": "Account",
  "nav.settings": "Settings",
  "nav.backup": "Backup",
  "nav.sync": "Sync",
  "nav.rules": "Site rules",
  "nav.traffic": "Traffic",
  "nav.health": "Token health",
  "nav.looks": "Names and colours",
  "backup.rules":
    "Site rules: {count, plural, one {the file's # rule replaces} other {the file's # rules replace}} the ones stored here.",
  "backup.ruleToken": "token #{id} ({gateway})",
  "backup.ruleNewToken": "token #{id} ({gateway}), added by this file",
  "backup.ruleList": "list “{name}” ({count, plural, one {# line} other {# lines}})",
  "backup.ruleDirect": "direct",
  "backup.ruleBlock": "blocked",
  "backup.ruleOff": "off",

  "common.yes": "Yes",
  "common.no": "No",
  "common.unknown": "Not reported",
  "common.show": "Show",
  "common.hide": "Hide",
  "common.showLabel": "Show the {name}",
  "common.hideLabel": "Hide the {name}",
  "common.copy": "Copy",
  "common.copyLabel": "Copy {what}",
  "common.copied": "Copied {what}.",
  "common.copyFailed": "Copying failed. Select the text and press Ctrl+C.",

  "cred.heading": "API credentials",
  "cred.intro":
    "Proxy Deck keeps these only in this browser's local storage: they are never synced, and they are sent only to your provider.",
  "cred.baseUrl": "Provider base URL",
  "cred.baseUrlHint":
    "For example https://api.example.com. HTTPS is required, except for a provider on this computer (localhost, 127.0.0.1).",
  "cred.method": "Sign-in method",
  "cred.bearer": "Access token (Bearer)",
  "cred.basic": "Username and password (Basic)",
  "cred.token": "Access token",
  "cred.username": "Username",
  "cred.password": "Password",
  "cred.secretHint": "You find it in your provider's account console.",
  "cred.save": "Save credentials",
  "cred.verify": "Verify",
  "cred.remove": "Remove credentials",
  "cred.removeConfirm":
    "Remove the stored credentials from this browser? Your tokens stay, but creating tokens and checking quality will not work until you add credentials again.",
  "cred.removeYes": "Yes, remove them",
  "cred.removeNo": "Keep them",
  "cred.removed": "Credentials removed from this browser.",
  "cred.saved": "Saved. Proxy Deck uses these credentials from now on.",
  "cred.verifying": "Checking with the provider…",
  "cred.verified": "It works: the provider accepted these credentials.",
  "cred.verifiedAs": "It works: the provider accepted these credentials (account {name}).",
  "cred.verifiedPartly":
    "The provider accepted these credentials for some of what Proxy Deck does, not all; see below.",
  "cred.verifiedNone":
    "The provider refused these credentials for everything Proxy Deck does; see below.",
  "cred.group.tokens": "Token operations (create, delete, restore, new IP)",
  "cred.group.lookups": "Regions and payment plans",
  "cred.group.quality": "IP quality",
  "cred.group.account": "Account information and quota",
  "cred.groupWorks": "works",
  "cred.notSavedYet": "They are not saved yet: choose “Save credentials” to use them.",
  "cred.verifyFailed": "It did not work. {reason}",
  "cred.storedNone": "No credentials are stored in this browser.",
  "cred.storedBearer": "Stored now: access token {token}.",
  "cred.storedBasic": "Stored now: username {username}, password {password}.",
  "cred.saveFailed": "The credentials were not saved. {reason}",
  "cred.err.empty": "Enter the provider's base URL, for example https://api.example.com.",
  "cred.err.not-a-url":
    "Enter the full address, starting with https://, for example https://api.example.com.",
  "cred.err.scheme": "Use an address that starts with https://.",
  "cred.err.https-required":
    "Use https:// for this address: plain http:// is allowed only for a provider on this computer (localhost or 127.0.0.1).",
  "cred.err.credentials-in-url":
    "Remove the username and password from the address and enter them in the fields below.",
  "cred.err.query-or-fragment":
    "Remove everything from the ? or # on: enter only the provider's base address.",
  "cred.err.token": "Enter the access token from your provider's account console.",
  "cred.err.username": "Enter the username from your provider's account console.",
  "cred.err.password": "Enter the password that goes with this username.",
  "cred.fixErrors": "Correct the fields marked below, then try again.",

  "exit.heading": "Exit IP",
  "exit.intro": "The address websites see, checked through whatever proxy is active right now.",
  "exit.recheck": "Check again",
  "exit.checking": "Checking the exit IP…",
  "exit.route.direct": "This check went direct: websites see your own address.",
  "exit.route.token": "Exit IP confirmed: token {token}.",
  "exit.route.otherIp":
    "The exit IP is not the IP of token {token} ({expected}). The provider may still be assigning the address: check again in a moment.",
  "exit.route.otherIpUnknown":
    "The IP of token {token} is not known yet, so this exit cannot be confirmed. Check again in a moment.",
  "exit.route.error": "Token {token} has a problem. {message}",
  "exit.route.missing": "Token #{id} is no longer stored here. Choose another token in the popup.",
  "exit.field.ip": "IP address",
  "exit.field.country": "Country",
  "exit.field.state": "State or province",
  "exit.field.city": "City",
  "exit.field.asn": "ASN",
  "exit.field.org": "AS organisation",
  "exit.field.networkType": "Network type",
  "exit.field.isp": "ISP network",
  "exit.field.network": "Network block",
  "exit.field.checkedAt": "Checked at",
  "exit.failed": "The exit IP check failed. {reason}",

  "quality.heading": "IP quality",
  "quality.ofExit": "Quality of your exit IP {ip}",
  "quality.ofOther": "Quality of {ip}",
  "quality.waiting": "The quality card appears once the exit IP is known.",
  "quality.lookupLabel": "Look up any IP address",
  "quality.lookup": "Look up",
  "quality.backToExit": "Show my exit IP again",
  "quality.badIp":
    "Enter an IPv4 address such as 203.0.113.7 or an IPv6 address such as 2001:db8::1.",
  "quality.loading": "Asking the provider…",
  "quality.failed": "The quality check failed. {reason}",
  "quality.grade": "Grade",
  "quality.average": "Average score {score} of 100",
  "quality.scores": "Scores (0 to 100, higher is better)",
  "quality.score.reputation": "Reputation",
  "quality.score.anonymity": "Anonymity",
  "quality.score.speed": "Speed",
  "quality.score.stability": "Stability",
  "quality.score.security": "Security",
  "quality.threat": "Threat level: {meaning}",
  "quality.threat.low": "Low: safe to use",
  "quality.threat.medium": "Medium: use with care and monitoring",
  "quality.threat.high": "High: not recommended",
  "quality.blacklists": "Blacklists",
  "quality.abuse": "Abuse reports",
  "quality.spam": "Spam score",
  "quality.spamValue": "{score} of 100",
  "quality.datacenter": "Data centre",
  "quality.proxy": "Known proxy",
  "quality.residential": "Residential",
  "quality.isp": "ISP",
  "quality.asn": "ASN",
  "quality.location": "Location",
  "quality.lastSeen": "Last seen",

  "account.heading": "Account",
  "account.load": "Refresh account data",
  "account.loading": "Loading…",
  "account.quota": "Quota",
  "account.info": "Account information",
  "account.failed": "This could not be loaded. {reason}",
  "account.needCredentials": "Save your API credentials above to see your account.",
  "account.empty": "The provider sent no details.",
  "account.more": "{count, plural, one {# more entry is} other {# more entries are}} not shown.",
  "account.key": "Field",
  "account.value": "Value",
  "proxies.heading": "Get proxies",
  "proxies.country": "Country (ISO code or name; leave empty for all)",
  "proxies.type": "Type",
  "proxies.type.any": "Any",
  "proxies.type.static": "Static",
  "proxies.type.dynamic": "Dynamic",
  "proxies.type.residential": "Residential",
  "proxies.type.datacenter": "Data centre",
  "proxies.type.http": "HTTP",
  "proxies.type.socks5": "SOCKS5",
  "proxies.get": "Get proxies",
  "proxies.none": "The provider has no proxies for this choice. Try another country or type.",
  "proxies.count": "{count, plural, one {# proxy} other {# proxies}}",
  "proxies.address": "Address",
  "proxies.countryColumn": "Country",
  "proxies.protocol": "Protocol",
  "proxies.copyColumn": "Copy",
  "proxies.allAddresses": "all addresses",
  "proxies.failed": "Getting proxies failed. {reason}",

  "settings.heading": "Settings",
  "settings.bypass": "Addresses that skip the proxy (one rule per line)",
  "settings.bypassHint":
    "For example <local>, *.example.com or 192.168.0.0/16. The rule <-loopback> sends localhost through the proxy too.",
  "settings.bypassInvalid":
    "Line {line} (“{rule}”) is not a rule the browser understands. Use a host name, a pattern such as *.example.com, an address or a range such as 10.0.0.0/8.",
  "settings.refresh": "Automatic IP refresh for dynamic tokens (minutes)",
  "settings.refreshHint": "0 turns it off; otherwise at least 0.5 minutes.",
  "settings.refresh.not-a-number":
    "Enter the interval as a number of minutes, for example 10, or 0 to turn it off.",
  "settings.refresh.negative": "Enter 0 or more minutes.",
  "settings.refresh.too-short":
    "Enter at least 0.5 minutes (browsers do not run timers more often), or 0 to turn it off.",
  "settings.refresh.too-long": "Enter at most 1440 minutes (one day).",
  "settings.plan": "Your plan (sets how often Proxy Deck may call the API)",
  "settings.plan.free": "Free: 100 requests a minute",
  "settings.plan.basic": "Basic: 1,000 requests a minute",
  "settings.plan.professional": "Professional: 5,000 requests a minute",
  "settings.plan.enterprise": "Enterprise: no limit",
  "settings.planFromAccount":
    "From your account: Proxy Deck paces its API calls by this plan. A choice here counts only while the account does not state one.",
  "settings.planManual":
    "Your account has not stated its plan (Account shows it once loaded): choose the one you bought.",
  "settings.language": "Language",
  "settings.badgeFailures": "Count the page's failed requests on the toolbar badge",
  "settings.badgeFailuresHint":
    "The badge shows how many requests of the tab's page failed since it loaded; the popup names them and routes each in a click. A block or a problem still shows first.",
  "settings.fallbackDirect": "When the chosen token cannot be used, go direct instead of blocking",
  "settings.fallbackDirectHint":
    "Off: while you have chosen a token, traffic goes through it or nowhere, so your own address never shows by accident. On: an expired, deleted or unusable token sends traffic out direct.",
  "settings.language.auto": "Same as the browser",
  "settings.warnDays": "Warn this many days before a token expires",
  "settings.warnDaysHint":
    "The token is marked in the list (and on the toolbar button while connected), and one notification tells you. 0 turns it off. A token that has used 90% of its traffic is marked too.",
  "settings.warnDaysInvalid": "Enter a whole number of days from 0 to 365.",
  "settings.trafficUnit": "Unit of token traffic",
  "settings.trafficUnitHint":
    "The provider does not say which unit a token's traffic quota and usage are in. Choose the one your provider uses; until then the numbers are shown as they come.",
  "settings.trafficUnit.unstated": "Not stated (show the numbers as they come)",
  "settings.trafficUnit.bytes": "Bytes",
  "settings.trafficUnit.GB": "Gigabytes (GB, as the account quota)",
  "settings.save": "Save settings",
  "settings.saved": "Settings saved.",
  "settings.saveFailed": "The settings were not saved. {reason}",
  "settings.rejected": "Proxy Deck refused these values: {fields}. Correct them and save again.",
  "settings.fixErrors": "Correct the fields marked above, then save again.",
  "webrtc.heading": "WebRTC leak protection",
  "webrtc.toggle": "Keep WebRTC from revealing my real IP address",
  "webrtc.hint":
    "Websites can use WebRTC to find your real address even behind a proxy. With this on, the browser sends WebRTC only through the proxy. Turning it on asks for permission to change privacy settings.",
  "webrtc.on": "On: WebRTC goes only through the proxy.",
  "webrtc.off": "Off: WebRTC may reveal your real address.",
  "webrtc.denied":
    "The browser did not grant the permission, so protection stays off. Turn it on again and choose Allow.",
  "webrtc.unavailable":
    "This browser does not offer the WebRTC setting, so protection cannot be turned on.",
  "webrtc.controlled-by-other":
    "Another extension controls the browser's WebRTC setting. Turn off that extension's option, then try again.",
  "webrtc.failed": "The WebRTC setting could not be changed. Reload this page and try again.",
  "webrtc.permission-missing":
    "Protection is on in Proxy Deck, but the browser's permission was removed. Turn it off and on again to restore it.",
  "webrtc.not-applied":
    "Protection is on in Proxy Deck, but the browser's setting is not applied. Turn it off and on again.",
  "webrtc.saveFailed": "The browser setting changed, but Proxy Deck could not save it. {reason}",
  "webrtc.offerDismissed":
    "You chose “Not now” on the popup's offer, so the popup no longer suggests this; the switch above turns it on.",
  "webrtc.offerAgain": "Offer it in the popup again",

  "add.heading": "Add proxies you already have",
  "add.intro":
    "Proxies bought in the provider's console, on another computer or from another provider: paste them or choose a file. Nothing is saved until you choose Add.",
  // Already in Options: the page, not "Options" (the popup's words say "in Options").
  "add.foreign":
    "This is a {source}, not proxy lines. Bring it over under Sync & backup → Import: its proxies come with their patterns, and the preview says what cannot come over.",
  "nav.add": "Add proxies",
  "backup.heading": "Backup",
  "support.heading": "Answers kept for support",
  "support.intro":
    "{count, plural, one {# provider answer could not become a usable token and was not added. Copy it} other {# provider answers could not become usable tokens and were not added. Copy them}} for the provider's support.",
  "support.what": "the provider's answers",
  "backup.intro": "Proxy Deck is the only record of the tokens you bought: keep a backup.",
  "backup.exportHeading": "Export",
  "backup.includeSecrets": "Include secrets (API credentials and token passwords)",
  "backup.includeSecretsHint":
    "Without secrets the file restores tokens only into a browser that still has them. Anyone with a file that includes secrets can use your proxies: keep it safe.",
  "backup.download": "Download backup",
  "backup.exported": "Backup saved as {file}.",
  "backup.exportFailed": "The backup could not be made. Reload this page and try again.",
  "backup.importHeading": "Import",
  "backup.file": "Backup file",
  "backup.fileHint":
    "A Proxy Deck backup, a FoxyProxy export (.json) or a SwitchyOmega / ZeroOmega backup (.bak). Nothing changes until you confirm.",
  "backup.err.too-large":
    "This file is too large to be a Proxy Deck backup. Choose the .json file Proxy Deck exported. Nothing was changed.",
  "backup.err.not-json":
    "This file is not valid JSON (it may be cut off or damaged). Choose a complete Proxy Deck backup. Nothing was changed.",
  "backup.err.not-backup":
    "This file is not a Proxy Deck backup, a FoxyProxy export or a SwitchyOmega / ZeroOmega backup. Choose a file made with “Download backup”, or one those extensions exported. Nothing was changed.",
  "backup.err.newer-version":
    "This backup was made by a newer Proxy Deck (format {version}). Update Proxy Deck, then import it again. Nothing was changed.",
  "backup.err.damaged":
    "This backup is incomplete or damaged (at {where}). Choose another backup file. Nothing was changed.",
  "backup.err.repeated-id":
    "This backup lists token #{id} more than once, so it was edited or damaged. Choose another backup file. Nothing was changed.",
  "backup.err.read": "The file could not be read. Choose it again.",
  "backup.preview": "What the import will change",
  "backup.tokens": "Tokens: {added} added, {updated} updated, {unchanged} unchanged.",
  "backup.trash": "Deleted tokens: {added} added, {updated} updated, {unchanged} unchanged.",
  "backup.added": "Added: {list}",
  "backup.updated": "Updated: {list}",
  "backup.keptInTrash": "Stay deleted here (deleted after the backup was made): {list}",
  "backup.keptAsToken": "Stay active here (restored after the backup was made): {list}",
  "backup.settings": "Settings that change: {list}",
  "backup.settingChange": "{name}: {from} → {to}",
  "backup.baseUrlRefused":
    "The backup's provider address {url} is not taken: an address from a file must be https (a plain-http local address has to be typed in Credentials). The address and credentials here stay.",
  "backup.settingRefused": "{name}: not imported from the backup, since {reason}",
  "backup.credentials.kept": "API credentials: the ones stored here stay.",
  "backup.credentials.imported": "API credentials: replaced by the backup's.",
  "backup.credentials.removed":
    "API credentials: removed. The stored ones belong to the old address ({from}); add new ones in Credentials after the import.",
  "backup.moved": "{label} moves from {from} to {to}",
  "backup.settingsSame": "Settings: no change.",
  "backup.missing":
    "This cannot be imported: the backup has no passwords for {count, plural, one {# token} other {# tokens}} that this browser does not have ({list}). Export the backup again with “Include secrets” ticked. Nothing was changed.",
  "backup.nothing": "This backup holds nothing that is not already here.",
  "backup.confirm": "Import",
  "backup.cancel": "Cancel",
  "backup.cancelled": "Import cancelled. Nothing was changed.",
  "backup.imported":
    "Imported: {tokensAdded, plural, one {# token} other {# tokens}} added and {tokensUpdated} updated, {trashAdded, plural, one {# deleted token} other {# deleted tokens}} added and {trashUpdated} updated, {settings, plural, one {# setting} other {# settings}} changed.",
  "backup.importFailed": "Nothing was imported. {reason}",
  "setting.baseUrl": "base URL",
  "setting.auth": "API credentials",
  "setting.bypassList": "addresses that skip the proxy",
  "setting.autoRefreshMinutes": "automatic IP refresh",
  "setting.plan": "plan",
  "setting.webrtcProtection": "WebRTC protection",
  "setting.webrtcOfferDismissed": "WebRTC offer in the popup dismissed",
  "setting.language": "language",
};

export const optionsTable = { name: "options", en: own };

/** Everything the page words: its own table and those of the parts it shows. */
const PARTS = [
  optionsTable,
  // The one status vocabulary (status-words.ts): the exit IP section leads with it.
  statusWords,
  addProxiesStrings,
  policyStrings,
  foreignImportStrings,
  optionsPagesStrings,
  diagnosticsStrings,
];
// The page's own words win over a part's of the same key ("add.foreign" names the page here).
const en = Object.assign({}, ...[...PARTS].reverse().map((part) => part.en)) as typeof own &
  typeof statusWords.en &
  typeof addProxiesStrings.en &
  typeof policyStrings.en &
  typeof foreignImportStrings.en &
  typeof optionsPagesStrings.en &
  typeof diagnosticsStrings.en;

export const optionsStrings = defineStrings(
  PARTS.map((part) => part.name),
  en,
  withPlurals,
);
export type OptionsKey = keyof typeof en;
export type Translate = ReturnType<typeof optionsStrings>;
export const OPTIONS_EN = en;
