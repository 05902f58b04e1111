/** Counts in words by the language's plural rules (lib/i18n/plural.ts, through defineStrings). */
import { describe, expect, it } from "vitest";
import { defineStrings, translateOf } from "../../../lib/i18n";
import { createStrings } from "../../../lib/i18n/create-strings";
import { withPlurals } from "../../../lib/i18n/plural";
import { subscriptionTranslate } from "../../../lib/i18n/subscription-strings";
import { trafficTranslate } from "../../../lib/i18n/traffic-strings";
import { everyText } from "../../../lib/options/subscription-view";
import { outcomeWords } from "../../../lib/popup/outcome";

const TOKENS = "Created {count, plural, one {# token} other {# tokens}}.";

describe("plural forms", () => {
  it("one and other in English, the number where # stands", () => {
    expect(withPlurals(TOKENS, { count: 1 }, "en")).toBe("Created 1 token.");
    expect(withPlurals(TOKENS, { count: 2 }, "en")).toBe("Created 2 tokens.");
    expect(withPlurals(TOKENS, { count: 0 }, "en")).toBe("Created 0 tokens.");
  });

  it("an exact form (=0) before the language's own; a value missing leaves the template", () => {
    const t = "{n, plural, =0 {nothing} one {# thing} other {# things}}";
    expect(withPlurals(t, { n: 0 }, "en")).toBe("nothing");
    expect(withPlurals(t, { n: 1 }, "en")).toBe("1 thing");
    expect(withPlurals(t, {}, "en")).toBe(t);
  });

  it("takes the rules of the language: Russian's few and many", () => {
    const t = "{n, plural, one {# токен} few {# токена} many {# токенов} other {# токена}}";
    expect([1, 3, 5, 21].map((n) => withPlurals(t, { n }, "ru"))).toEqual([
      "1 токен",
      "3 токена",
      "5 токенов",
      "21 токен",
    ]);
  });

  it("one list update, one held update, every hour: no count reads '1 hours' in a language with forms", () => {
    const every = (language: "en" | "de" | "ru" | "fr", hours: number) =>
      everyText(hours, subscriptionTranslate(language));
    expect([1, 6].map((h) => every("en", h))).toEqual(["Every hour", "Every 6 hours"]);
    expect([1, 6].map((h) => every("de", h))).toEqual(["Jede Stunde", "Alle 6 Stunden"]);
    expect([1, 21, 6].map((h) => every("ru", h))).toEqual([
      "Каждый час",
      "Каждый 21 ч",
      "Каждые 6 ч",
    ]);
    expect(every("fr", 1)).toBe("Toutes les heures");
    const paused = (language: "en" | "es") => (count: number) =>
      trafficTranslate(language)("traffic.paused", { count });
    expect(paused("en")(1)).toBe("Paused: 1 update held, shown when you resume.");
    expect(paused("en")(3)).toBe("Paused: 3 updates held, shown when you resume.");
    expect(paused("es")(1)).toContain("1 actualización retenida");
  });

  it("the tables' strings say 1 token and 2 tokens, never token(s)", () => {
    const t = defineStrings(
      "test",
      { created: TOKENS, other: "{shown} of {total}" },
      withPlurals,
    )("en");
    expect(t("created", { count: 1 })).toBe("Created 1 token.");
    expect(t("other", { shown: 1, total: 2 })).toBe("1 of 2");
    expect(translateOf(createStrings, withPlurals)("en")("created", { count: 1 })).toBe(
      "Created 1 token.",
    );
    // Without the counting function (the popup's first path) a template is left as it is.
    expect(defineStrings("test", { created: TOKENS })("en")("created", { count: 1 })).toContain(
      "plural",
    );
    // The popup's outcomes count as "label: n", without the plural code (its 20 kB budget).
    expect(outcomeWords("en")("restoredSome", { count: 3 })).toBe("Restored from the Trash: 3.");
  });
});
