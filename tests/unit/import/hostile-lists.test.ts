/**
 * Hostile input that once broke a whole step: a SwitchyOmega rule list longer than a list may
 * hold (the import added the file's proxies, then the writer refused its rules), a list of
 * millions of comments (a verdict kept for each), and a synced
 * setting nested so deep that hashing it overflowed the stack on every sync run.
 */
import { describe, expect, it } from "vitest";
import { ruleListLines } from "../../../lib/import/omega-rule-list";
import { parseRuleList } from "../../../lib/routing/rule-list";
import { MAX_LIST_LINES } from "../../../lib/routing/rules";
import { decodeDoc } from "../../../lib/sync/doc";

describe("a Switchy rule list past the most a list holds", () => {
  it("keeps the first 50,000 lines and counts the rest as refused", () => {
    const text = Array.from({ length: MAX_LIST_LINES + 10_000 }, (_, i) => `h${i}.test`).join("\n");
    const read = ruleListLines("Switchy", text);
    expect(read.lines).toHaveLength(MAX_LIST_LINES);
    expect(read.refused).toBe(10_000);
  });
});

describe("a rule list of millions of comment lines", () => {
  it("is judged up to twice the accepted cap, then said to be too long", () => {
    const text = `[AutoProxy]\n${"!\n".repeat(3 * MAX_LIST_LINES)}||example.com`;
    const read = parseRuleList(text);
    expect(read.lines).toHaveLength(2 * MAX_LIST_LINES + 1);
    expect(read.lines.at(-1)).toMatchObject({ outcome: "rejected", problem: "too-many" });
  });
});

describe("a synced document", () => {
  it("drops a setting this version does not sync, however deep; keeps the ones it does", () => {
    const deep = `${"[".repeat(5_000)}1${"]".repeat(5_000)}`;
    const stamp = `"t":1,"b":"aaaaaa"`;
    const doc = decodeDoc(`{"s.evil":{"v":${deep},${stamp}},"s.warnDays":{"v":5,${stamp}}}`);
    expect(Object.keys(doc)).toEqual(["s.warnDays"]);
  });
});
