/** Options' "Sync" section, in English and Simplified Chinese. */
import { translateOf } from "./index";

export const syncStrings = {
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
      "Sync turned on at {time}: {rulesIn} rules and {settingsIn} settings came from your other browsers; {rulesOut} rules of this browser were added to sync; {replaced} rules here were replaced by their synced version.",
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
    "sync.offer":
      "Another browser uses the provider {url}. This browser keeps its own address and credentials.",
    "sync.useOffer": "Use it here (you'll enter its credentials)",
  },
  zh: {
    "sync.heading": "同步",
    "sync.intro":
      "将设置和站点规则同步到登录同一浏览器账户的其他浏览器。API 凭据、令牌密码和令牌列表从不同步：它们只保留在此浏览器中。",
    "sync.toggle": "在我的浏览器之间同步设置和站点规则",
    "sync.off": "同步已关闭。",
    "sync.never": "尚未同步。",
    "sync.last": "上次同步：{time}。",
    "sync.problem.quota": "浏览器的同步存储已满：最近的更改未能同步（{time}）。",
    "sync.problem.rate": "短时间内更改过多：同步将稍后重试（{time}）。",
    "sync.problem.incomplete": "另一个浏览器的更改仍在传输中：同步正在等待（{time}）。",
    "sync.problem.write-failed": "最近的更改未能同步（{time}）：{detail}",
    "sync.problem.read-failed": "无法读取已同步的设置（{time}）：{detail}",
    "sync.joined":
      "同步已于 {time} 开启：{rulesIn} 条规则和 {settingsIn} 项设置来自其他浏览器；此浏览器的 {rulesOut} 条规则已加入同步；此处 {replaced} 条规则被其同步版本替换。",
    "sync.notSynced": "以下站点规则不会同步：",
    "sync.reason.too-large": "超出浏览器同步存储的容量（共 100 KB）",
    "sync.reason.no-room": "浏览器同步存储已无剩余空间",
    "sync.reason.local-proxy": "使用仅在此浏览器中添加的代理",
    "sync.reason.container": "仅限此浏览器的某个容器",
    "sync.reason.managed": "由此浏览器中的组织策略设置",
    "sync.arrivals": "在另一个浏览器中更改：",
    "sync.arrival": "{item}：于 {time} 在另一个浏览器中更改",
    "sync.replaced": "{item}：于 {time} 在另一个浏览器中更改，替换了此处的更改",
    "sync.item.order": "站点规则的顺序",
    "sync.item.setting": "设置“{name}”",
    "sync.setting.baseUrl": "服务商地址",
    "sync.setting.bypassList": "绕过列表",
    "sync.setting.autoRefreshMinutes": "自动刷新",
    "sync.setting.plan": "套餐",
    "sync.setting.language": "语言",
    "sync.setting.fallbackDirect": "令牌不可用时直连",
    "sync.setting.trafficUnit": "流量单位",
    "sync.setting.warnDays": "到期提醒天数",
    "sync.setting.badgeFailures": "图标上的失败请求数",
    "sync.item.rule": "站点规则“{name}”",
    "sync.item.ruleGone": "一条站点规则（已删除）",
    "sync.offer": "另一个浏览器使用服务商 {url}。此浏览器保留自己的地址和凭据。",
    "sync.useOffer": "在此使用它（需要输入它的凭据）",
  },
} as const;

export type SyncKey = keyof typeof syncStrings.en;
export const syncTranslate = translateOf(syncStrings);
export type SyncT = ReturnType<typeof syncTranslate>;
