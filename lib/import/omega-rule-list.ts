/**
 * A SwitchyOmega rule-list profile's text as the lines of one Proxy Deck list rule. AutoProxy
 * lists are read by Proxy Deck's own AutoProxy reader (written after omega-pac's); lists in
 * Omega's own "[SwitchyOmega Conditions]" format are read line by line as omega-pac's
 * `parseOmega` does (rule_list.coffee): `Type: pattern`, a bare line a host wildcard, `!` a line
 * that sends its matches to the default profile (here an `@@` exception, which falls through to
 * the rules after the list the same way).
 */
import { decodeBase64List, parseRuleList } from "../routing/rule-list";
import { MAX_LIST_LINES } from "../routing/rules";
import { conditionPatterns } from "./omega-conditions";

/** omega-pac's condition type abbreviations (conditions.coffee), upper-cased. */
const ABBRS: Record<string, string> = {};
const TYPES: [string, string[]][] = [
  ["TrueCondition", ["True"]],
  ["FalseCondition", ["False", "Disabled"]],
  ["UrlRegexCondition", ["UR", "URegex", "UrlR", "UrlRegex"]],
  ["UrlWildcardCondition", ["U", "UW", "Url", "UrlW", "UWild", "UWildcard", "UrlWild"]],
  ["HostRegexCondition", ["R", "HR", "Regex", "HostR", "HRegex", "HostRegex"]],
  [
    "HostWildcardCondition",
    ["", "H", "W", "HW", "Wild", "Wildcard", "Host", "HostW", "HWild", "HWildcard", "HostWild"],
  ],
  ["BypassCondition", ["B", "Bypass"]],
  ["KeywordCondition", ["K", "KW", "Keyword"]],
  ["IpCondition", ["Ip"]],
];
for (const [type, abbrs] of TYPES) {
  ABBRS[type.toUpperCase()] = type;
  for (const abbr of abbrs) ABBRS[abbr.toUpperCase()] = type;
}

/** `Type: pattern` or a bare host wildcard (omega-pac's `Conditions.fromStr`). */
function conditionOf(line: string): { conditionType: string; pattern: string } | null {
  const space = line.indexOf(" ");
  const head = space < 0 ? line : line.slice(0, space);
  if (!head.endsWith(":")) return { conditionType: "HostWildcardCondition", pattern: line };
  const type = Object.hasOwn(ABBRS, head.slice(0, -1).toUpperCase())
    ? ABBRS[head.slice(0, -1).toUpperCase()]
    : undefined;
  if (!type) return null;
  return { conditionType: type, pattern: space < 0 ? "" : line.slice(space + 1).trim() };
}

export interface ListLines {
  lines: string[];
  /** Source lines that could not come over. */
  refused: number;
  /** Set when the list routes line by line to several profiles (`@with result`). */
  perLineResults: boolean;
}

function switchyLines(text: string): ListLines {
  const lines: string[] = [];
  let refused = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("[") || line.startsWith(";")) continue;
    if (line.startsWith("@")) {
      if (/^@with\s+results?$/i.test(line)) return { lines: [], refused: 0, perLineResults: true };
      continue;
    }
    const exclusion = line.startsWith("!");
    const body = exclusion ? line.slice(1).trim() : line.replace(/^:\s*/, "");
    const condition = conditionOf(body);
    const converted = condition ? conditionPatterns(condition) : null;
    // Past the most a list holds, a line is refused, not a list the writer would refuse whole
    // (after the file's proxies were added).
    if (!converted?.ok || lines.length + converted.patterns.length > MAX_LIST_LINES) {
      refused++;
      continue;
    }
    lines.push(...converted.patterns.map((p) => (exclusion ? `@@${p}` : p)));
  }
  return { lines, refused, perLineResults: false };
}

export function ruleListLines(format: string, text: string): ListLines {
  if (format !== "AutoProxy") return switchyLines(text);
  let trimmed = text.trim();
  // omega-pac decodes a base64 list that starts as "[AutoProxy" does when encoded.
  if (trimmed.startsWith("W0F1dG9Qcm94")) trimmed = decodeBase64List(trimmed)?.trim() ?? trimmed;
  // The header tells Proxy Deck's reader the bare lines are AutoProxy keywords.
  const withHeader = /^\[AutoProxy/i.test(trimmed) ? trimmed : `[AutoProxy]\n${trimmed}`;
  const read = parseRuleList(withHeader);
  const refused = read.lines.filter((l) => l.outcome === "rejected").length;
  return { lines: read.unrouted ? [] : read.accepted, refused, perLineResults: false };
}
