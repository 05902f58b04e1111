import { describe, expect, it } from "vitest";
import { OPTIONS_EN, optionsStrings } from "../../../lib/i18n/options-strings";
import { placeholderNames } from "../../../lib/i18n/plural";

const placeholders = placeholderNames;

describe("options strings", () => {
  it("a page's words in Chinese keep the English placeholders, from the spread-in tables too", () => {
    const zh = optionsStrings("zh_CN");
    for (const [key, english] of Object.entries(OPTIONS_EN)) {
      const chinese = zh(key as keyof typeof OPTIONS_EN);
      expect(placeholders(chinese), key).toEqual(placeholders(english));
    }
    // "status.off" comes from the status table, "add.heading" from the page's own.
    expect(zh("status.off")).not.toBe(OPTIONS_EN["status.off"]);
    expect(zh("add.heading")).not.toBe(OPTIONS_EN["add.heading"]);
  });

  it("errors say what to do: every error sentence ends a sentence", () => {
    const errors = Object.entries(OPTIONS_EN).filter(([key]) => /\.err\.|failed|Failed/.test(key));
    expect(errors.length).toBeGreaterThan(10);
    for (const [key, text] of errors) {
      expect(text, key).toMatch(/[.}]$/);
    }
  });

  it("fills placeholders and falls back to English", () => {
    expect(optionsStrings("en")("quality.ofOther", { ip: "1.2.3.4" })).toBe("Quality of 1.2.3.4");
    expect(optionsStrings("zh_CN")("proxies.type.http")).toBe("HTTP");
  });
});
