/**
 * The administrator's policy as the options page words it: what it fixes, and each field it
 * ignored and why (spread into the page's strings).
 */
export const policyStrings = {
  name: "policy",
  en: {
    "policy.heading": "Set by your organization",
    "policy.intro":
      "Your organization's policy sets some of Proxy Deck's settings in this browser. They are marked below and cannot be changed here.",
    "policy.locked": "Set by your organization's policy.",
    "policy.problems": "Parts of the policy were ignored (the rest applies):",
    "policy.problem": "“{field}”: {why}",
    "policy.why.unknown": "Proxy Deck has no such setting.",
    "policy.why.type": "the value is not of the kind this setting takes.",
    "policy.why.base-url": "not an address the provider can be reached at ({detail}).",
    "policy.why.bypass-rule": "the rule “{detail}” is not one the browser takes.",
    "policy.why.rule": "rule {detail} is not a pattern or a list address with a route.",
    "policy.why.rule-route": "rule {detail}: the route must be “direct” or “block”.",
    "policy.why.rule-pattern": "rule {detail} is not a pattern Proxy Deck understands.",
    "policy.why.rule-url":
      "rule {detail}: a list's address must be https (http only to this machine).",
    "policy.fields": "Fixed by the policy: {fields}.",
    "policy.field.baseUrl": "provider address",
    "policy.field.failClosed": "fail closed",
    "policy.field.webrtcProtection": "WebRTC protection",
    "policy.field.bypassList": "bypass list",
    "policy.field.rules": "site rules",
    "policy.field.backupSecrets": "secrets in backups",
    "policy.field.addProxies": "adding your own proxies",
    "policy.noSecrets": "Your organization's policy keeps secrets out of backups.",
    "policy.noAdding": "Your organization's policy does not let you add proxies of your own here.",
    "policy.webrtcApply": "Turn on WebRTC protection",
    "policy.webrtcNeeded":
      "Your organization's policy turns WebRTC protection on: allow it once, with the button.",
    "policy.ruleLocked": "Set by your organization's policy: it cannot be edited or removed.",
    "policy.rejected": "Not saved, set by your organization's policy: {fields}.",
    "policy.unread":
      "The policy could not be read ({time}: {error}). The last policy read stays in force, its rules included; Proxy Deck reads it again in a minute and whenever it starts.",
  },
} as const;
