import { describe, expect, it } from "vitest";
import {
  formatBypassList,
  invalidBypassRules,
  parseBypassList,
  parseRefreshMinutes,
} from "../../../lib/options/settings-form";

describe("bypass list", () => {
  it("takes one rule per line, trimmed, blank lines and repeats dropped", () => {
    expect(parseBypassList("<local>\r\n  *.example.com \n\n<local>\n10.0.0.0/8\n")).toEqual([
      "<local>",
      "*.example.com",
      "10.0.0.0/8",
    ]);
    expect(parseBypassList("")).toEqual([]);
    expect(formatBypassList(["<local>", "<-loopback>"])).toBe("<local>\n<-loopback>");
  });

  it("accepts the rule forms Chrome documents, flags the rest", () => {
    const good = [
      "<local>",
      "<-loopback>",
      "*.example.com",
      "example.com:8080",
      "http://example.com",
      "192.168.0.0/16",
      "[::1]",
      "fe80::/10",
    ];
    expect(invalidBypassRules(good)).toEqual([]);
    expect(invalidBypassRules(["ok.com", "bad rule", "semi;colon"])).toEqual([
      { line: 2, rule: "bad rule" },
      { line: 3, rule: "semi;colon" },
    ]);
  });
});

describe("parseRefreshMinutes", () => {
  it.each([
    ["0", 0],
    ["0.5", 0.5],
    [" 10 ", 10],
    ["1,5", 1.5],
    [".5", 0.5],
    ["1440", 1440],
  ])("%j → %d minutes", (text, minutes) => {
    expect(parseRefreshMinutes(text)).toEqual({ ok: true, minutes });
  });

  it.each([
    ["", "not-a-number"],
    ["ten", "not-a-number"],
    ["1e3", "not-a-number"],
    ["Infinity", "not-a-number"],
    ["-1", "negative"],
    ["0.2", "too-short"],
    ["0.49", "too-short"],
    ["1441", "too-long"],
  ])("%j → %s", (text, problem) => {
    expect(parseRefreshMinutes(text)).toEqual({ ok: false, problem });
  });
});
