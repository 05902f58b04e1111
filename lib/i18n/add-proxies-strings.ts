/**
 * Adding proxies the user already has, worded once for both pages that offer it (the popup
 * and Options): spread into each page's strings.
 */
export const addProxiesStrings = {
  en: {
    "add.text": "Proxies, one per line",
    "add.formats":
      "host:port:user:pass, user:pass@host:port, http://user:pass@host:port, socks5://user:pass@host:port, or CSV with a header row (host, port, username, password, and optionally type, name, country, expires, token_id: the provider's id, so delete and restore reach the provider). Up to 10,000 lines.",
    "add.file": "Or choose a file (.txt or .csv), or drop one on the box above",
    "add.check": "Check the lines",
    "add.add": "Add {count} proxies",
    "add.preview": "{added} to add, {duplicate} already there, {rejected} refused.",
    "add.refusedLine": "Line {line}: {reason}",
    "add.moreRefused": "…and {count} more refused lines.",
    "add.done":
      "Added {added} proxies ({duplicate} already there, {rejected} refused). They are in the popup's list, marked “Added by hand”.",
    "add.problem.format": "not a proxy line in a format Proxy Deck reads.",
    "add.problem.port": "the port must be a number from 1 to 65535.",
    "add.problem.host": "the host is not a name or an IP address a browser can use.",
    "add.problem.credentials":
      "a username and a password are needed: Proxy Deck signs in with them.",
    "add.problem.scheme": "only http, https and socks5 proxies can be used.",
    "add.problem.expires": "the expiry is not a date (use 2026-12-01 or 2026-12-01T14:00:00Z).",
    "add.problem.too-long": "the username or password is longer than 1,024 characters.",
    "add.problem.too-many": "past 10,000 lines: add the rest in another round.",
    "add.problem.token-id": "the token id must be the provider's number for it (1 or more).",
    "add.problem.token-held": "a token with this id is already here (in the list or the Trash).",
    "add.foreign":
      "This is a {source}, not proxy lines. Bring it over in Options → Sync & backup → Import: its proxies come with their patterns, and the preview says what cannot come over.",
    "add.source.foxyproxy": "FoxyProxy export",
    "add.source.omega": "SwitchyOmega / ZeroOmega backup",
  },
  zh: {
    "add.text": "代理，每行一个",
    "add.formats":
      "host:port:user:pass、user:pass@host:port、http://user:pass@host:port、socks5://user:pass@host:port，或带表头的 CSV（host、port、username、password，可选 type、name、country、expires、token_id：服务商的令牌 ID，删除和恢复会交给服务商）。最多 10,000 行。",
    "add.file": "或选择文件（.txt 或 .csv），或把文件拖到上面的输入框",
    "add.check": "检查这些行",
    "add.add": "添加 {count} 个代理",
    "add.preview": "可添加 {added} 个，已存在 {duplicate} 个，拒绝 {rejected} 个。",
    "add.refusedLine": "第 {line} 行：{reason}",
    "add.moreRefused": "……另有 {count} 行被拒绝。",
    "add.done":
      "已添加 {added} 个代理（已存在 {duplicate} 个，拒绝 {rejected} 个）。它们在弹出窗口的列表中，标为“手动添加”。",
    "add.problem.format": "不是 Proxy Deck 能读取的代理格式。",
    "add.problem.port": "端口必须是 1 到 65535 之间的数字。",
    "add.problem.host": "主机不是浏览器可用的域名或 IP 地址。",
    "add.problem.credentials": "需要用户名和密码：Proxy Deck 用它们登录。",
    "add.problem.scheme": "只能使用 http、https 和 socks5 代理。",
    "add.problem.expires": "到期时间不是日期（请用 2026-12-01 或 2026-12-01T14:00:00Z）。",
    "add.problem.too-long": "用户名或密码超过 1,024 个字符。",
    "add.problem.too-many": "超过 10,000 行：其余的请下次再添加。",
    "add.problem.token-id": "令牌 ID 必须是服务商给它的编号（1 或更大）。",
    "add.problem.token-held": "已有相同 ID 的令牌（在列表或回收站中）。",
    "add.foreign":
      "这是{source}，不是代理行。请在“设置 → 备份 → 导入”中带过来：代理会连同其规则一起带来，预览会说明哪些无法带过来。",
    "add.source.foxyproxy": "FoxyProxy 导出文件",
    "add.source.omega": "SwitchyOmega / ZeroOmega 备份",
  },
} as const;
