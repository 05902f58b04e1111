/**
 * The Options page's site-rule editor, in English and Simplified Chinese: its own table (the
 * section translates with `rulesTranslate(language)`, the page's language from its context).
 */
import { translateOf } from "./index";

export const rulesStrings = {
  name: "rules",
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
    "rules.problem.slow-regex":
      "This regular expression could take seconds or longer on some addresses (a repetition inside a repetition, or a repeated choice), and it would run on every request: write it without nesting, e.g. a+ instead of (a+)+.",
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
} as const;

export type RulesKey = keyof typeof rulesStrings.en;
export const rulesTranslate = translateOf(rulesStrings);
export type RulesT = ReturnType<typeof rulesTranslate>;
