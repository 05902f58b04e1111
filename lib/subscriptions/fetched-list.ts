/**
 * What a fetched rule list becomes (pure): the lines to put in force, or why the copy in force
 * stays. A list is read as the importer reads a pasted one; one that routes nothing, or a web
 * page in its place (a login wall, an error page answered with 200), is not used.
 */
import { parseRuleList, type Unrouted } from "../routing/rule-list";

export type ListVerdict =
  | { ok: true; lines: string[]; rejected: number; added: number; removed: number }
  | { ok: false; reason: "html" }
  | { ok: false; reason: "unusable"; detail: Unrouted };

/** An HTML page, by its type or by its first bytes. */
export function looksLikeHtml(text: string, contentType: string): boolean {
  if (/^\s*text\/html\b/i.test(contentType)) return true;
  return /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text.slice(0, 512));
}

/** Lines added and removed, as sets (a list's order and repeats do not route differently). */
export function lineChange(before: readonly string[], after: readonly string[]) {
  const old = new Set(before);
  const next = new Set(after);
  let added = 0;
  let removed = 0;
  for (const line of next) if (!old.has(line)) added++;
  for (const line of old) if (!next.has(line)) removed++;
  return { added, removed };
}

export function judgeList(
  text: string,
  contentType: string,
  inForce: readonly string[],
): ListVerdict {
  if (looksLikeHtml(text, contentType)) return { ok: false, reason: "html" };
  const parsed = parseRuleList(text);
  if (parsed.unrouted) return { ok: false, reason: "unusable", detail: parsed.unrouted };
  const rejected = parsed.lines.filter((line) => line.outcome === "rejected").length;
  return { ok: true, lines: parsed.accepted, rejected, ...lineChange(inForce, parsed.accepted) };
}
