/**
 * Words a person would write: counts by plural rules, country codes instead of emoji flags,
 * and Options' own wording for failures that elsewhere send the user "to Options".
 */
import { describe, expect, it } from "vitest";
import { tokenTitle } from "../../../lib/background/page-menu";
import type { FailureCode } from "../../../lib/base/failure";
import { countryName } from "../../../lib/i18n/country-name";
import { describeFailure } from "../../../lib/i18n/failure-strings";
import { en as failuresEn } from "../../../lib/i18n/failure-strings-en";
import { describeFailureInOptions } from "../../../lib/i18n/failure-strings-options";
import { countryCode } from "../../../lib/i18n/flag";
import { menuStrings } from "../../../lib/i18n/menu-strings";
import { optionsStrings } from "../../../lib/i18n/options-strings";
import { makeToken } from "../stored-token";

/** Any regional-indicator letter: the halves of an emoji flag. */
const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/u;

describe("country codes for flags", () => {
  it.each([
    ["US", "US"],
    ["gb", "GB"],
    [" de ", "DE"],
    ["", ""],
    ["USA", ""],
    ["1A", ""],
    ["É", ""],
  ])("%j → %j", (code, shown) => expect(countryCode(code)).toBe(shown));

  it("the name from the code, in the page's language", () => {
    expect(countryName("us", "en")).toBe("United States");
    expect(countryName("US", "zh-CN")).toBe("美国");
    expect(countryName("??", "en")).toBe("");
  });

  it("the page menu writes the code, never an emoji flag", () => {
    const token = makeToken({ id: 7, countryCode: "jp", ip: "203.0.113.7" });
    for (const language of ["en", "zh_CN"] as const) {
      const title = tokenTitle(token, false, language);
      expect(title).toContain("JP");
      expect(title).not.toMatch(REGIONAL_INDICATOR);
    }
  });
});

describe("counts by plural rules", () => {
  const t = optionsStrings("en");
  it.each([
    ["proxies.count", { count: 1 }, "1 proxy"],
    ["proxies.count", { count: 2 }, "2 proxies"],
    ["backup.ruleList", { name: "gfw", count: 1 }, "list “gfw” (1 line)"],
    ["backup.ruleList", { name: "gfw", count: 3 }, "list “gfw” (3 lines)"],
    ["backup.rules", { count: 1 }, "Site rules: the file's 1 rule replaces the ones stored here."],
    ["backup.rules", { count: 2 }, "Site rules: the file's 2 rules replace the ones stored here."],
  ] as const)("%s %j → %j", (key, values, text) => expect(t(key, values)).toBe(text));

  it("the page menu's remainder", () => {
    expect(menuStrings("en")("more", { count: 1 })).toBe("1 more token: choose in the popup");
    expect(menuStrings("en")("more", { count: 4 })).toBe("4 more tokens: choose in the popup");
    expect(menuStrings("zh_CN")("more", { count: 4 })).toBe("另有 4 个令牌：请在弹出窗口中选择");
  });
});

describe("failures worded for the Options page", () => {
  const codes = Object.keys(failuresEn) as FailureCode[];
  const params = { origin: "https://x.test", position: 1, pattern: "a", max: 9, detail: "d" };

  it("no sentence in Options sends the user to Options", () => {
    for (const code of codes) {
      expect(describeFailureInOptions({ code, ...params }, "en")).not.toMatch(/in Options/);
      expect(describeFailureInOptions({ code, ...params }, "zh_CN")).not.toMatch(/在选项|在设置中/);
    }
  });

  it("it names the page instead; the popup keeps its own wording", () => {
    expect(describeFailureInOptions({ code: "no-base-url" }, "en")).toBe(
      "Set the provider's base URL under Provider & account first.",
    );
    expect(describeFailureInOptions({ code: "no-base-url" }, "zh_CN")).toBe(
      "请先在“服务商与账户”中填写服务商的基础 URL。",
    );
    expect(describeFailure({ code: "no-base-url" }, "en")).toBe(
      "Set the provider's base URL in Options first.",
    );
  });
});
