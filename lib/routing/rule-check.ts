/**
 * The gate for one site rule, whatever its door (the editor, a command, another browser by
 * sync, a backup file): a rule that would not route as written is refused with the text at
 * fault, never stored for the router to skip in silence.
 */

import { validateListUrl } from "../base/list-url";
import { type Checked, refused } from "../base/refusal";
import { parsePattern } from "./pattern";
import { listDialect, parseListLine } from "./rule-list";
import type { SiteRule } from "./rules";

/**
 * A pattern the parser refuses, or an imported list with a line the importer would have
 * refused (or no line at all that routes). `typedByUser`: a list address on this machine's
 * loopback over plain http is the user's own to type, not another browser's to send.
 */
export function checkRule(rule: SiteRule, typedByUser = true): Checked<SiteRule> {
  const { source } = rule;
  if (source.type === "pattern")
    return parsePattern(source.text).ok
      ? { ok: true, value: rule }
      : refused("rule-pattern", source.text);
  // A list comes only from https (or http on this machine): a file or a page cannot make it
  // come over plain http, where anyone on the way could rewrite the routes.
  const url = source.subscription?.url;
  if (url !== undefined && !validateListUrl(url, typedByUser).ok)
    return refused("list-address", url);
  const dialect = listDialect(source.lines[0] ?? "");
  // The AutoProxy header line names the dialect; it is kept, and routes nothing.
  const lines = dialect === "autoproxy" ? source.lines.slice(1) : source.lines;
  const bad = lines.find((line) => !parseListLine(line, dialect).ok);
  if (bad !== undefined) return refused("rule-pattern", bad);
  // A list kept by URL has no lines before its first fetch (one that arrived by sync or policy).
  if (lines.length === 0 && !source.subscription) return refused("rule-pattern", source.name);
  return { ok: true, value: rule };
}
