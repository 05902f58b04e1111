import { describe, expect, it } from "vitest";
import { rulesTranslate } from "../../../lib/i18n/rules-strings";
import { lineVerdictText } from "../../../lib/options/list-lines";
import { parseRuleList } from "../../../lib/routing/rule-list";

const t = rulesTranslate("en");
const zh = rulesTranslate("zh_CN");

const everyLine = (text: string, language = t) =>
  parseRuleList(text).lines.map((line) => lineVerdictText(line, language));

describe("each line of an imported list, in words", () => {
  it("says what an AutoProxy line matches, as SwitchyOmega reads it", () => {
    const list = [
      "[AutoProxy 0.2.9]",
      "! a comment",
      "||example.com",
      "||*.cdn.example",
      "||example.com/path",
      "||192.0.2.0",
      "/^https?:\\/\\/x\\./",
      "example.com/search?q=",
      "ex*ample.com",
      "|http://start.test/",
      "|http://start.test/|",
      "@@example.com/free/",
      "||bad host",
    ];
    expect(everyLine(list.join("\n"))).toEqual([
      "Line 1: the AutoProxy header, a comment: it says the bare lines below are keywords",
      "Line 2: a comment, skipped",
      "Line 3: the host and its subdomains",
      "Line 4: hosts the wildcard matches",
      "Line 5: addresses the wildcard matches",
      "Line 6: addresses written as an IP in that range",
      "Line 7: addresses the regular expression matches",
      "Line 8: plain http:// addresses that hold this text anywhere, query included",
      "Line 9: plain http:// addresses that hold this text after http://, * standing for any characters (dots and dashes too) and ? for one",
      "Line 10: addresses that start with this text",
      "Line 11: exactly this address",
      "Line 12: an exception (@@), kept off this list's route: plain http:// addresses that hold this text anywhere, query included",
      "Line 13: Remove the spaces: a pattern is one word, for example example.com.",
    ]);
  });

  it("reads a plain list's bare lines as the editor does", () => {
    expect(everyLine("example.com\n; note\n10.0.0.0/8\n")).toEqual([
      "Line 1: the host and its subdomains",
      "Line 2: a comment, skipped",
      "Line 3: addresses written as an IP in that range",
    ]);
  });

  it("speaks Chinese", () => {
    expect(everyLine("[AutoProxy]\n@@||example.com\nexample", zh)).toEqual([
      "第 1 行：AutoProxy 文件头，属于注释：它表示下面不带符号的行是关键字",
      "第 2 行：例外（@@），不走此列表的路线：该主机及其所有子域名",
      "第 3 行：任意位置（含查询字符串）包含此文本的普通 http:// 地址",
    ]);
  });
});
