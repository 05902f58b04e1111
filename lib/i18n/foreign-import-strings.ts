/**
 * Bringing a setup from FoxyProxy or SwitchyOmega/ZeroOmega (Options → Backup → Import): what
 * each item becomes and what cannot come over, and why. Spread into the options strings.
 */
export const foreignImportStrings = {
  en: {
    "foreign.heading": "What comes over from {source}",
    "foreign.source.foxyproxy": "FoxyProxy",
    "foreign.source.omega": "SwitchyOmega / ZeroOmega",
    "foreign.intro":
      "This is a {source} file. Below is what each of its items becomes in Proxy Deck, and what cannot come over. Nothing changes until you confirm.",
    "foreign.proxies": "Proxies: {count} become tokens “added by hand”.",
    "foreign.proxyNew": "{name}: {type} {host}:{port}, user {user} → a new token",
    "foreign.proxyHeld": "{name}: {type} {host}:{port}, user {user} → already here as token #{id}",
    "foreign.rules":
      "Site rules: {count}, in the file's order, after the {stored} rules you have (the first rule that matches decides).",
    "foreign.rule": "{what} → {route}",
    "foreign.ruleOff": "{what} → {route} (switched off)",
    "foreign.list": "list “{name}” ({count} lines)",
    "foreign.listUrl": "list “{name}” ({count} lines), kept up to date from {url}",
    "foreign.route.proxy": "token “{name}”",
    "foreign.route.direct": "direct",
    "foreign.route.block": "blocked",
    "foreign.bypass":
      "Added to the addresses that skip the proxy (Settings; they apply to every token): {list}",
    "foreign.bypassRefused": "Not added to the bypass list (not an entry a browser reads): {list}",
    "foreign.rest.direct":
      "Everything no rule matches went direct in {source}. In Proxy Deck it goes where you connect: disconnect to send it direct.",
    "foreign.rest.proxy":
      "Everything no rule matches went through “{name}” in {source}. In Proxy Deck it goes where you connect: connect that token to do the same.",
    "foreign.restRule":
      "Also add a last rule: everything else → {route}, as in {source}, whatever you connect",
    "foreign.skipped": "Cannot come over: {count}",
    "foreign.skippedItem": "{what}: {why}",
    "foreign.more": "… and {count} more",
    "foreign.nothing": "Nothing in this file can come over.",
    "foreign.confirm": "Bring it over",
    "foreign.done":
      "Brought over: {proxiesAdded} proxies added ({proxiesHeld} already here), {rulesAdded} site rules added ({rulesHeld} already here), {bypassAdded} bypass entries added.",
    "foreign.err.damaged":
      "This {source} file is damaged or not in a form Proxy Deck reads (at {where}). Nothing was changed.",
    "foreign.err.too-many":
      "This {source} file holds more than Proxy Deck keeps (1,000 proxies, 10,000 rules). Nothing was changed.",
    "foreign.why.no-login":
      "no username and password. Proxy Deck signs in to every proxy it keeps, so it cannot add one without a login.",
    "foreign.why.odd-login":
      "its username or password begins or ends with a space or holds a line break, which cannot be added as written.",
    "foreign.why.proxy-type":
      "its type is “{detail}”. Proxy Deck uses HTTP and SOCKS5 proxies only.",
    "foreign.why.per-scheme":
      "no single proxy for all traffic (one per scheme, or none). A Proxy Deck token carries all of a site's traffic.",
    "foreign.why.bad-address": "{detail} is not a host and port a browser can use.",
    "foreign.why.pattern": "the {detail} pattern cannot be read as a Proxy Deck pattern.",
    "foreign.why.condition":
      "no Proxy Deck rule means what “{detail}” means there. Rules here match addresses only: not the day, the hour, a host's level, or a regular expression on the host alone.",
    "foreign.why.never-matches": "it never matched there (empty, disabled or broken).",
    "foreign.why.nested":
      "it leads to another switch profile ({detail}). Only the rules of the switch profile in use come over.",
    "foreign.why.unused": "not the switch profile in use ({detail} is), so its rules stay behind.",
    "foreign.why.no-proxy": "its proxy ({detail}) cannot come over, so its rules cannot either.",
    "foreign.why.list-lines": "{detail} lines of the list cannot be read here and are left out.",
    "foreign.why.list-url":
      "the list comes over as it is now, but is not kept up to date from {detail}: Proxy Deck fetches AutoProxy lists, over https only.",
    "foreign.why.mode-off":
      "FoxyProxy was not routing by patterns (mode “{detail}”), so the rules come over switched off. Switch them on in Site rules.",
  },
  zh: {
    "foreign.heading": "从 {source} 带过来的内容",
    "foreign.source.foxyproxy": "FoxyProxy",
    "foreign.source.omega": "SwitchyOmega / ZeroOmega",
    "foreign.intro":
      "这是 {source} 的文件。下面列出每一项在 Proxy Deck 中会变成什么，以及哪些无法带过来。确认之前不会做任何更改。",
    "foreign.proxies": "代理：{count} 个，成为“手动添加”的令牌。",
    "foreign.proxyNew": "{name}：{type} {host}:{port}，用户 {user} → 新令牌",
    "foreign.proxyHeld": "{name}：{type} {host}:{port}，用户 {user} → 已存在，为令牌 #{id}",
    "foreign.rules":
      "站点规则：{count} 条，按文件中的顺序，排在你现有的 {stored} 条规则之后（第一条匹配的规则决定去向）。",
    "foreign.rule": "{what} → {route}",
    "foreign.ruleOff": "{what} → {route}（已关闭）",
    "foreign.list": "列表“{name}”（{count} 行）",
    "foreign.listUrl": "列表“{name}”（{count} 行），从 {url} 保持更新",
    "foreign.route.proxy": "令牌“{name}”",
    "foreign.route.direct": "直连",
    "foreign.route.block": "阻止",
    "foreign.bypass": "加入不走代理的地址（设置；对所有令牌生效）：{list}",
    "foreign.bypassRefused": "未加入绕过列表（浏览器无法读取的条目）：{list}",
    "foreign.rest.direct":
      "在 {source} 中，没有规则匹配的流量直连。在 Proxy Deck 中，它走你连接的地方：断开连接即可直连。",
    "foreign.rest.proxy":
      "在 {source} 中，没有规则匹配的流量经过“{name}”。在 Proxy Deck 中，它走你连接的地方：连接该令牌即可保持一致。",
    "foreign.restRule": "再添加最后一条规则：其余流量 → {route}，与 {source} 相同，无论你连接什么",
    "foreign.skipped": "无法带过来：{count} 项",
    "foreign.skippedItem": "{what}：{why}",
    "foreign.more": "……另有 {count} 项",
    "foreign.nothing": "此文件中没有可以带过来的内容。",
    "foreign.confirm": "带过来",
    "foreign.done":
      "已带过来：添加了 {proxiesAdded} 个代理（{proxiesHeld} 个已存在），{rulesAdded} 条站点规则（{rulesHeld} 条已存在），{bypassAdded} 个绕过条目。",
    "foreign.err.damaged":
      "此 {source} 文件已损坏，或不是 Proxy Deck 能读取的形式（位置：{where}）。未做任何更改。",
    "foreign.err.too-many":
      "此 {source} 文件的内容超过 Proxy Deck 的上限（1,000 个代理，10,000 条规则）。未做任何更改。",
    "foreign.why.no-login":
      "没有用户名和密码。Proxy Deck 会登录它保存的每个代理，因此无法添加没有登录信息的代理。",
    "foreign.why.odd-login": "用户名或密码以空格开头或结尾，或含有换行，无法按原样添加。",
    "foreign.why.proxy-type": "其类型为“{detail}”。Proxy Deck 只使用 HTTP 和 SOCKS5 代理。",
    "foreign.why.per-scheme":
      "没有用于全部流量的单一代理（按协议分别设置，或未设置）。Proxy Deck 的令牌承载一个站点的全部流量。",
    "foreign.why.bad-address": "{detail} 不是浏览器可用的主机和端口。",
    "foreign.why.pattern": "该 {detail} 规则无法读作 Proxy Deck 的规则。",
    "foreign.why.condition":
      "Proxy Deck 没有与“{detail}”含义相同的规则。这里的规则只匹配地址：不按星期、时间、主机层级，也不对单独的主机名使用正则表达式。",
    "foreign.why.never-matches": "它在原扩展中从不匹配（为空、已禁用或有误）。",
    "foreign.why.nested":
      "它指向另一个自动切换情景模式（{detail}）。只带过来正在使用的切换情景模式的规则。",
    "foreign.why.unused": "不是正在使用的切换情景模式（正在使用的是 {detail}），其规则不会带过来。",
    "foreign.why.no-proxy": "它的代理（{detail}）无法带过来，因此它的规则也无法带过来。",
    "foreign.why.list-lines": "列表中有 {detail} 行在这里无法读取，已略去。",
    "foreign.why.list-url":
      "列表按现在的内容带过来，但不会从 {detail} 保持更新：Proxy Deck 只通过 https 获取 AutoProxy 列表。",
    "foreign.why.mode-off":
      "FoxyProxy 当时没有按规则分流（模式“{detail}”），因此规则带过来时处于关闭状态。可在“站点规则”中开启。",
  },
} as const;
