/**
 * The Options page's site-rule editor, in English and Simplified Chinese: its own table (the
 * section translates with `rulesTranslate(language)`, the page's language from its context).
 */
import { translateOf } from "./index";

export const rulesStrings = {
  en: {
    "rules.heading": "Site rules",
    "rules.intro":
      "Send chosen sites through a token, straight out (Direct) or nowhere (Block). Rules are tried from the top: the first that matches decides. Sites no rule matches take the default route: the connected token, or direct when none is.",
    "rules.list": "Rules, first match wins",
    "rules.none": "No rules yet: every site takes the default route.",
    "rules.keys": "Alt+Up and Alt+Down move the focused rule.",
    "rules.position": "Rule {position}",
    "rules.listSource": "List “{name}” ({count} lines)",
    "rules.listSourceOne": "List “{name}” (1 line)",
    "rules.unnamedList": "Imported list",
    "rules.route": "Route",
    "rules.routeOf": "Route: rule {position} ({rule})",
    "rules.enabledOf": "Enabled: rule {position} ({rule})",
    "rules.enabled": "Enabled",
    "rules.edit": "Edit",
    "rules.editOf": "Edit rule {position} ({rule})",
    "rules.delete": "Delete",
    "rules.deleteOf": "Delete rule {position} ({rule})",
    "rules.up": "Move up",
    "rules.upOf": "Move up: rule {position} ({rule})",
    "rules.down": "Move down",
    "rules.downOf": "Move down: rule {position} ({rule})",
    "rules.moved": "Rule “{rule}” is now rule {position}.",
    "rules.deleted": "Rule “{rule}” deleted.",
    "rules.added": "Rule “{rule}” added as rule {position}.",
    "rules.saveFailed": "The rules were not saved. {reason}",
    "rules.tooMany": "There are already 10,000 rules: delete some before adding more.",
    "rules.save": "Save",
    "rules.cancel": "Cancel",
    "rules.patternOf": "Pattern of rule {position}",
    "rules.nameOf": "Name of rule {position}",
    "rules.direct": "Direct",
    "rules.block": "Block",
    "rules.token": "{label}",
    "rules.tokenExpired": "{label} (expired)",
    "rules.tokenGone": "Token #{id} (gone)",
    "rules.gone": "Blocks its sites: its token is gone — pick another route.",
    "rules.container": "Container",
    "rules.containerAny": "Any tab",
    "rules.containerOf": "Container of rule {position} ({rule})",
    "rules.containerGone": "{id} (gone)",
    "rules.shared":
      "Blocks its sites: Chrome keeps one login per proxy address, and other tokens already use both ways of writing {endpoint} — pick a token on another gateway.",
    "rules.expired": "Blocks its sites: its token is expired — pick another route.",

    "rules.add.heading": "Add a rule",
    "rules.add.pattern": "Pattern",
    "rules.add.route": "Route for the new rule",
    "rules.add.add": "Add rule",

    "rules.help.heading": "What a pattern covers",
    "rules.help.domain": "the site and all its subdomains (www.example.com, a.b.example.com).",
    "rules.help.wildcard": "the same: its subdomains, and example.com itself too.",
    "rules.help.url": "addresses with that path; * stands for any characters.",
    "rules.help.cidr":
      "addresses written as an IP in that range (IPv4 or IPv6, such as 2001:db8::/32); names are not looked up.",
    "rules.help.regex":
      "a regular expression over the whole address; add i after the last slash to ignore case.",
    "rules.help.https":
      "Chrome sees only the host of https:// addresses: path rules match plain http:// only there.",

    "rules.problem.empty": "Enter a pattern, for example example.com.",
    "rules.problem.spaces": "Remove the spaces: a pattern is one word, for example example.com.",
    "rules.problem.bad-host":
      "This is not a host name: use letters, digits, dots and hyphens, for example example.com. To match a path, start with a scheme: *://example.com/path*.",
    "rules.problem.bad-wildcard":
      "Put * only where any characters may stand, for example *.example.com or *://*.example.com/path*.",
    "rules.problem.bad-cidr":
      "Write the range as an address, a slash and a prefix length, for example 10.0.0.0/8 (at most /32 for IPv4, /128 for IPv6).",
    "rules.problem.bad-regex":
      "The regular expression between the slashes does not compile: check its brackets and escapes.",
    "rules.problem.too-long": "Shorten the pattern to 2,000 characters or fewer.",

    "rules.test.heading": "Which route would this URL take?",
    "rules.test.url": "Address to test",
    "rules.test.hint": "For example https://www.example.com/page. Disabled rules are skipped.",
    "rules.test.check": "Test",
    "rules.test.badUrl": "Enter a full address, for example https://www.example.com/.",
    "rules.test.byRule": "{url} takes {route}, by rule {position} ({rule}).",
    "rules.test.defaultToken": "{url} takes the default route: the connected token {route}.",
    "rules.test.defaultDirect": "{url} takes the default route: direct (no token is connected).",
    "rules.test.blocked":
      "{url} is blocked by rule {position} ({rule}): its token is gone or expired. Pick another route for it.",

    "rules.import.heading": "Import a rule list",
    "rules.import.intro":
      "An AutoProxy or SwitchyOmega rule list (gfwlist style, plain or base64). Its lines become one rule with one route; its @@ exceptions win over its other lines.",
    "rules.import.text": "Rule list text",
    "rules.import.file": "Or choose a file (.txt)",
    "rules.import.check": "Check the list",
    "rules.import.report":
      "Lines imported: {imported}. Comments: {comments}. Rejected: {rejected}.",
    "rules.import.rejectedLine": "Line {line}: {reason}",
    "rules.import.moreRejected": "…and {count} more rejected lines: every line is listed below.",
    "rules.import.everyLine": "Every line ({count})",
    "rules.import.lineComment": "Line {line}: a comment, skipped",
    "rules.import.lineHeader":
      "Line {line}: the AutoProxy header, a comment: it says the bare lines below are keywords",
    "rules.import.lineRule": "Line {line}: {meaning}",
    "rules.import.lineException":
      "Line {line}: an exception (@@), kept off this list's route: {meaning}",
    "rules.import.meaning.domain": "the host and its subdomains",
    "rules.import.meaning.host-wildcard": "hosts the wildcard matches",
    "rules.import.meaning.url-wildcard": "addresses the wildcard matches",
    "rules.import.meaning.cidr": "addresses written as an IP in that range",
    "rules.import.meaning.regex": "addresses the regular expression matches",
    "rules.import.meaning.keyword":
      "plain http:// addresses that hold this text anywhere, query included",
    "rules.import.meaning.keyword-wildcard":
      "plain http:// addresses that hold this text after http://, * standing for any characters (dots and dashes too) and ? for one",
    "rules.import.meaning.url-start": "addresses that start with this text",
    "rules.import.meaning.url-exact": "exactly this address",
    "rules.import.unrouted.only-comments":
      "This list routes nothing: it holds only comments (an [AutoProxy] header is one too). Add rule lines, for example ||example.com.",
    "rules.import.unrouted.only-exceptions":
      "This list routes nothing: its only usable lines are @@ exceptions, which keep addresses off the list's route but send none along it. Add the lines they are exceptions to.",
    "rules.import.unrouted.all-rejected":
      "No line of this list can be used: check that it is a rule list.",
    "rules.import.name": "Name of the list rule",
    "rules.import.route": "Route for the list",
    "rules.import.add": "Add as one rule",
    "rules.import.readFailed": "The file could not be read: choose it again.",
    "rules.import.badName": "Shorten the name to 200 characters or fewer.",
    "rules.import.problem.unsupported":
      "Proxy Deck cannot use this kind of line (Adblock options, element hiding or an exclusion): remove it or write it as a pattern.",
    "rules.import.problem.too-many":
      "The list is past 50,000 lines: split it and import the rest as another rule.",
  },
  zh: {
    "rules.heading": "站点规则",
    "rules.intro":
      "让指定站点走某个令牌、直连（Direct）或禁止访问（Block）。规则从上往下匹配：第一条匹配的规则生效。没有规则匹配的站点走默认路线：已连接的令牌；未连接时直连。",
    "rules.list": "规则（第一条匹配的生效）",
    "rules.none": "还没有规则：所有站点都走默认路线。",
    "rules.keys": "Alt+上箭头和 Alt+下箭头可移动当前规则。",
    "rules.position": "规则 {position}",
    "rules.listSource": "列表“{name}”（{count} 行）",
    "rules.listSourceOne": "列表“{name}”（1 行）",
    "rules.unnamedList": "导入的列表",
    "rules.route": "路线",
    "rules.routeOf": "路线：规则 {position}（{rule}）",
    "rules.enabledOf": "启用：规则 {position}（{rule}）",
    "rules.enabled": "启用",
    "rules.edit": "编辑",
    "rules.editOf": "编辑规则 {position}（{rule}）",
    "rules.delete": "删除",
    "rules.deleteOf": "删除规则 {position}（{rule}）",
    "rules.up": "上移",
    "rules.upOf": "上移：规则 {position}（{rule}）",
    "rules.down": "下移",
    "rules.downOf": "下移：规则 {position}（{rule}）",
    "rules.moved": "规则“{rule}”现在是第 {position} 条。",
    "rules.deleted": "已删除规则“{rule}”。",
    "rules.added": "已添加规则“{rule}”，为第 {position} 条。",
    "rules.saveFailed": "规则未保存。{reason}",
    "rules.tooMany": "已有 10,000 条规则：请先删除一些再添加。",
    "rules.save": "保存",
    "rules.cancel": "取消",
    "rules.patternOf": "规则 {position} 的模式",
    "rules.nameOf": "规则 {position} 的名称",
    "rules.direct": "直连",
    "rules.block": "禁止访问",
    "rules.token": "{label}",
    "rules.tokenExpired": "{label}（已过期）",
    "rules.tokenGone": "令牌 #{id}（已不存在）",
    "rules.gone": "会拦截这些站点：它的令牌已不存在——请选择其他路线。",
    "rules.container": "容器",
    "rules.containerAny": "任意标签页",
    "rules.containerOf": "规则 {position}（{rule}）的容器",
    "rules.containerGone": "{id}（已不存在）",
    "rules.shared":
      "会拦截这些站点：Chrome 对每个代理地址只保存一个登录，{endpoint} 的两种写法都已被其他令牌占用——请选择其他网关上的令牌。",
    "rules.expired": "会拦截这些站点：它的令牌已过期——请选择其他路线。",

    "rules.add.heading": "添加规则",
    "rules.add.pattern": "模式",
    "rules.add.route": "新规则的路线",
    "rules.add.add": "添加规则",

    "rules.help.heading": "模式的含义",
    "rules.help.domain": "该站点及其所有子域名（www.example.com、a.b.example.com）。",
    "rules.help.wildcard": "同上：其子域名，也包括 example.com 本身。",
    "rules.help.url": "带该路径的地址；* 代表任意字符。",
    "rules.help.cidr":
      "以该范围内 IP 书写的地址（IPv4 或 IPv6，例如 2001:db8::/32）；不会解析域名。",
    "rules.help.regex": "对完整地址匹配的正则表达式；在最后一个斜杠后加 i 可忽略大小写。",
    "rules.help.https":
      "Chrome 对 https:// 地址只能看到主机名：带路径的规则在 Chrome 中只对普通 http:// 地址生效。",

    "rules.problem.empty": "请输入模式，例如 example.com。",
    "rules.problem.spaces": "请删除空格：模式是一个词，例如 example.com。",
    "rules.problem.bad-host":
      "这不是主机名：请只用字母、数字、点和连字符，例如 example.com。要匹配路径，请以协议开头：*://example.com/path*。",
    "rules.problem.bad-wildcard":
      "* 只能放在代表任意字符的位置，例如 *.example.com 或 *://*.example.com/path*。",
    "rules.problem.bad-cidr":
      "请把范围写成地址、斜杠和前缀长度，例如 10.0.0.0/8（IPv4 最多 /32，IPv6 最多 /128）。",
    "rules.problem.bad-regex": "斜杠之间的正则表达式无法编译：请检查括号和转义。",
    "rules.problem.too-long": "请把模式缩短到 2,000 个字符以内。",

    "rules.test.heading": "这个网址会走哪条路线？",
    "rules.test.url": "要测试的地址",
    "rules.test.hint": "例如 https://www.example.com/page。已停用的规则会被跳过。",
    "rules.test.check": "测试",
    "rules.test.badUrl": "请输入完整地址，例如 https://www.example.com/。",
    "rules.test.byRule": "{url} 走 {route}，由规则 {position}（{rule}）决定。",
    "rules.test.defaultToken": "{url} 走默认路线：已连接的令牌 {route}。",
    "rules.test.defaultDirect": "{url} 走默认路线：直连（未连接令牌）。",
    "rules.test.blocked":
      "{url} 被规则 {position}（{rule}）拦截：它的令牌已不存在或已过期。请为它选择其他路线。",

    "rules.import.heading": "导入规则列表",
    "rules.import.intro":
      "AutoProxy 或 SwitchyOmega 规则列表（gfwlist 格式，纯文本或 base64）。其中的行合成一条规则、一条路线；其 @@ 例外优先于其他行。",
    "rules.import.text": "规则列表文本",
    "rules.import.file": "或选择文件（.txt）",
    "rules.import.check": "检查列表",
    "rules.import.report": "导入 {imported} 行，注释 {comments} 行，拒绝 {rejected} 行。",
    "rules.import.rejectedLine": "第 {line} 行：{reason}",
    "rules.import.moreRejected": "……另有 {count} 行被拒绝：下方列出了全部行。",
    "rules.import.everyLine": "全部行（{count}）",
    "rules.import.lineComment": "第 {line} 行：注释，已跳过",
    "rules.import.lineHeader":
      "第 {line} 行：AutoProxy 文件头，属于注释：它表示下面不带符号的行是关键字",
    "rules.import.lineRule": "第 {line} 行：{meaning}",
    "rules.import.lineException": "第 {line} 行：例外（@@），不走此列表的路线：{meaning}",
    "rules.import.meaning.domain": "该主机及其所有子域名",
    "rules.import.meaning.host-wildcard": "通配符匹配的主机",
    "rules.import.meaning.url-wildcard": "通配符匹配的地址",
    "rules.import.meaning.cidr": "以该范围内 IP 书写的地址",
    "rules.import.meaning.regex": "正则表达式匹配的地址",
    "rules.import.meaning.keyword": "任意位置（含查询字符串）包含此文本的普通 http:// 地址",
    "rules.import.meaning.keyword-wildcard":
      "在 http:// 之后包含此文本的普通 http:// 地址，* 代表任意字符（包括点和连字符），? 代表一个字符",
    "rules.import.meaning.url-start": "以此文本开头的地址",
    "rules.import.meaning.url-exact": "恰好是此地址",
    "rules.import.unrouted.only-comments":
      "此列表不会让任何地址走它的路线：其中只有注释（[AutoProxy] 文件头也是注释）。请加入规则行，例如 ||example.com。",
    "rules.import.unrouted.only-exceptions":
      "此列表不会让任何地址走它的路线：其中可用的行都是 @@ 例外，它们只让地址不走此列表的路线，却不让任何地址走它。请加入这些例外所针对的行。",
    "rules.import.unrouted.all-rejected": "此列表没有可用的行：请确认它是规则列表。",
    "rules.import.name": "列表规则的名称",
    "rules.import.route": "列表的路线",
    "rules.import.add": "作为一条规则添加",
    "rules.import.readFailed": "无法读取该文件：请重新选择。",
    "rules.import.badName": "请把名称缩短到 200 个字符以内。",
    "rules.import.problem.unsupported":
      "Proxy Deck 无法使用这类行（Adblock 选项、元素隐藏或排除规则）：请删除它或改写为模式。",
    "rules.import.problem.too-many": "列表超过 50,000 行：请拆分，其余部分作为另一条规则导入。",
  },
} as const;

export type RulesKey = keyof typeof rulesStrings.en;
export const rulesTranslate = translateOf(rulesStrings);
export type RulesT = ReturnType<typeof rulesTranslate>;
