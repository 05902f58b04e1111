import { describe, expect, it } from "vitest";
import { OPTIONS_EN, OPTIONS_ZH, optionsStrings } from "../../../lib/i18n/options-strings";
import { placeholderNames } from "../../../lib/i18n/plural";

const placeholders = placeholderNames;

describe("options strings", () => {
  it("the Chinese table translates every English string with the same placeholders", () => {
    // Product names and codes that read the same in both languages.
    const same = new Set(["proxies.type.http", "proxies.type.socks5"]);
    for (const [key, english] of Object.entries(OPTIONS_EN)) {
      const chinese = OPTIONS_ZH[key as keyof typeof OPTIONS_EN];
      if (same.has(key)) continue;
      expect(chinese, key).toBeTypeOf("string");
      expect(placeholders(chinese ?? ""), key).toEqual(placeholders(english));
    }
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
