/**
 * The administrator's policy as the options page words it: what it fixes, and each field it
 * ignored and why (spread into the page's strings).
 */
export const policyStrings = {
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
  zh: {
    "policy.heading": "由你的组织设定",
    "policy.intro":
      "你所在组织的策略设定了本浏览器中 Proxy Deck 的部分设置。它们在下方标出，无法在此更改。",
    "policy.locked": "由你所在组织的策略设定。",
    "policy.problems": "策略的以下部分被忽略（其余照常生效）：",
    "policy.problem": "“{field}”：{why}",
    "policy.why.unknown": "Proxy Deck 没有这项设置。",
    "policy.why.type": "值的类型不符合这项设置。",
    "policy.why.base-url": "不是可用的服务商地址（{detail}）。",
    "policy.why.bypass-rule": "规则“{detail}”浏览器无法接受。",
    "policy.why.rule": "第 {detail} 条规则既不是带路由的模式，也不是带路由的列表地址。",
    "policy.why.rule-route": "第 {detail} 条规则：路由必须是 “direct” 或 “block”。",
    "policy.why.rule-pattern": "第 {detail} 条规则不是 Proxy Deck 能理解的模式。",
    "policy.why.rule-url": "第 {detail} 条规则：列表地址必须是 https（http 仅限本机）。",
    "policy.fields": "由策略固定：{fields}。",
    "policy.field.baseUrl": "服务商地址",
    "policy.field.failClosed": "失败即阻断",
    "policy.field.webrtcProtection": "WebRTC 防泄露",
    "policy.field.bypassList": "不走代理的地址",
    "policy.field.rules": "网站规则",
    "policy.field.backupSecrets": "备份中的机密信息",
    "policy.field.addProxies": "添加自己的代理",
    "policy.noSecrets": "你所在组织的策略不允许备份包含机密信息。",
    "policy.noAdding": "你所在组织的策略不允许在此添加你自己的代理。",
    "policy.webrtcApply": "开启 WebRTC 防泄露",
    "policy.webrtcNeeded": "你所在组织的策略要求开启 WebRTC 防泄露：请点按钮允许一次。",
    "policy.ruleLocked": "由你所在组织的策略设定：无法编辑或删除。",
    "policy.rejected": "未保存，由你所在组织的策略设定：{fields}。",
    "policy.unread":
      "无法读取策略（{time}：{error}）。上一次读到的策略（包括其规则）继续生效；Proxy Deck 会在一分钟后及每次启动时重新读取。",
  },
} as const;
