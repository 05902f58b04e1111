/** Every failure code as a Simplified Chinese sentence. */
import type { FailureCode } from "../protocol/failure";

export const zh: Record<FailureCode, string> = {
  "no-credentials": "请先在设置中填写服务商的基础 URL 和 API 凭据。",
  "no-base-url": "请先在设置中填写服务商的基础 URL。",
  "background-unreachable":
    "Proxy Deck 后台没有响应。请重新加载此页面；如果一直如此，请重启浏览器。",
  "malformed-command": "Proxy Deck 收到了格式错误的命令。请重新加载此页面后重试。",
  internal: "Proxy Deck 出了点问题，请重试。",

  "api-network": "无法连接 {origin}。请检查设置中的地址和网络连接。",
  "api-timeout": "服务商在 {seconds} 秒内没有响应，请稍后再试。",
  "api-schema": "服务商返回了意外的应答。请稍后再试；如果一直如此，服务商可能已更改其 API。",
  "api-too-large": "服务商的应答远大于正常大小，Proxy Deck 没有读取它。请稍后再试。",
  "api-redirect":
    "服务商把请求重定向到了另一个地址；Proxy Deck 不会带着你的凭据跟随。请检查设置中的基础 URL。",
  "api-invalid-request": "请求未发送：{detail}。",
  "api-rate-limited": "服务商限制了请求频率，请在 {seconds} 秒后重试。",
  "api-bad-request": "服务商拒绝了请求：{reason}。",
  "api-unauthorized": "服务商拒绝了你的 API 凭据，请在设置中检查。",
  "api-unauthorized-basic":
    "服务商在此拒绝了你的用户名和密码（Basic）。请在设置中检查，或改用服务商控制台中的访问令牌（Bearer）。",
  "api-unauthorized-bearer":
    "服务商拒绝了你的访问令牌（Bearer）。请在设置中检查：从服务商控制台重新复制。",
  "api-forbidden": "服务商拒绝了此操作：你的账户没有相应权限或额度。请检查套餐和余额。",
  "api-not-found": "服务商找不到该项目，它可能已被删除。",
  "api-server-error": "服务商出现问题（{status}），请稍后再试。",
  "api-refused": "服务商拒绝了请求（{status}）{reason}。",

  "credentials-refused": "代理拒绝了此令牌的用户名或密码。请检查令牌或选择其他令牌。",
  "proxy-unreachable": "无法连接代理服务器 {host}。请检查网络连接，或刷新、更换令牌。",
  "proxy-error": "代理出错（{error}）。请重试或选择其他令牌。",
  "socks5-unsupported":
    "Chrome 无法登录 SOCKS5 代理，此令牌在每个页面都会失败。请改用 HTTP 令牌：以相同位置新建一个并选择 HTTP。",
  "controlled-by-other": "另一个扩展正在控制浏览器的代理设置：停用它之后 Proxy Deck 才能生效。",
  "token-missing": "所选令牌已不在存储中，请选择其他令牌。",
  "token-expired": "所选令牌已过期。请选择其他令牌，或改为直连。",
  "address-pending": "服务商尚未给此令牌分配地址。请为它更换 IP，或选择其他令牌。",
  "gateway-shared":
    "Chrome 对每个代理地址只保存一个登录，而 {endpoint} 只能写成两种形式，都已被规则中的其他令牌占用：此规则的网站已被阻止。请改用其他网关上的令牌。",
  "site-rule-invalid":
    "第 {position} 条网站规则（{pattern}）不是可识别的模式：请在选项中更正后再保存。",
  "site-rules-full": "网站规则已达上限 {max} 条：请先在选项中删除一些。",
  "site-rules-changed": "编辑期间网站规则已在别处更改：请在选项中检查列表后再保存。",
  "rules-config-failed":
    "浏览器拒绝了站点规则的代理设置（{detail}）：所有流量已被阻止。请在选项中修改或关闭这些规则。",
  "config-failed": "浏览器拒绝了此令牌的代理设置（{detail}）。请选择其他令牌，或改为直连。",
  "no-tokens": "请先新建一个令牌。",
  "no-recent-token": "最近用过的其他令牌现在都无法使用：请在弹出窗口中选择一个。",
  "not-connected": "请先连接一个令牌：此网站将通过它访问。",
  "no-site": "此标签页不是网页：网站规则只适用于网页。",
  "not-dynamic": "只有动态令牌可以更换 IP。",
  "exit-check-failed": "经此令牌的流量失败：{because}",
  "refresh-failed": "更换 IP 失败：{because}",

  "provider-refused-token": "服务商拒绝了此令牌（它可能已不存在）。",
  "restore-window-passed": "已超过 30 天恢复期限，此令牌无法再恢复。",
  "backup-missing-secrets":
    "此备份导出时未包含机密信息，其中有本浏览器没有的令牌，缺少它们的密码。请勾选“包含机密信息”重新导出。未导入任何内容。",
  "policy-forbids-adding": "你所在组织的策略不允许在此添加你自己的代理。未添加任何内容。",
};
