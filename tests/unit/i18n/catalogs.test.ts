/**
 * Every language has every string: each catalog (lib/i18n/locales/<code>.json) holds every key
 * of every English table, no more, each with the English placeholders and its language's plural
 * forms; no string is left in English where the language would translate it (SAME_AS_ENGLISH is
 * the reviewed list of those that read the same); the manifest's strings likewise.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { intlLocale, LANGUAGES } from "../../../lib/base/languages";
import { placeholderNames } from "../../../lib/i18n/plural";
import { CATALOG_FILES, catalogOf } from "../catalogs";
import { englishTables } from "./english-tables";
import { SAME_AS_ENGLISH } from "./same-as-english";

const tables = englishTables();
const translated = LANGUAGES.filter((language) => language !== "en");
const PLURAL = /\{(\w+), plural,((?: *[=\w]+ \{[^{}]*\})+)\}/g;
const unique = (names: string[]) => [...new Set(names)].sort();
/** Names and codes every language writes as English does: a string of only these reads the same. */
const NAMES =
  /\b(Proxy Deck|FoxyProxy|SwitchyOmega|ZeroOmega|Chrome|Chromium|Firefox|HTTPS?|SOCKS5|ASN|ISP|IP|URL|API|PAC|WebRTC|JSON|Basic|Bearer)\b/g;

describe("the catalogs", () => {
  it("one file per language Proxy Deck speaks, and no other", () => {
    const files = Object.keys(CATALOG_FILES).map((f) => /(\w+)\.json$/.exec(f)?.[1]);
    expect(files.sort()).toEqual([...translated].sort());
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(14);
  });

  it("the English tables are many and their names are the catalogs' tables", () => {
    expect(tables.size).toBeGreaterThan(25);
    for (const language of translated) {
      expect(Object.keys(catalogOf(language)).sort(), language).toEqual([...tables.keys()].sort());
    }
  });

  for (const language of translated) {
    it(`${language}: every key, its placeholders, its plural forms; nothing left in English`, () => {
      const catalog = catalogOf(language);
      const categories = new Intl.PluralRules(intlLocale(language)).resolvedOptions()
        .pluralCategories as string[];
      const same = new Set(SAME_AS_ENGLISH[language] ?? []);
      const problems: string[] = [];
      for (const [table, english] of tables) {
        const words = catalog[table] ?? {};
        for (const key of Object.keys(words)) {
          if (!(key in english)) problems.push(`${table}.${key}: not an English key`);
        }
        for (const [key, source] of Object.entries(english)) {
          const text = words[key];
          const id = `${table}.${key}`;
          if (typeof text !== "string" || text.trim() === "") {
            problems.push(`${id}: missing`);
            continue;
          }
          const have = unique(placeholderNames(text));
          const want = unique(placeholderNames(source));
          if (have.join() !== want.join()) problems.push(`${id}: {${have}} ≠ English {${want}}`);
          for (const [, , body = ""] of text.matchAll(PLURAL)) {
            const forms = [...body.matchAll(/([=\w]+) \{/g)].map((m) => m[1] ?? "");
            for (const category of categories) {
              if (!forms.includes(category)) problems.push(`${id}: no '${category}' form`);
            }
          }
          const prose = source.replace(/\{\w+\}/g, "").replace(NAMES, "");
          if (text === source && /[a-z]{3}/i.test(prose) && !same.has(id)) {
            problems.push(`${id}: left in English`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("the reviewed same-as-English list names only keys that exist and read the same", () => {
    for (const [language, ids] of Object.entries(SAME_AS_ENGLISH)) {
      for (const id of ids ?? []) {
        const [table = "", ...rest] = id.split(".");
        const key = rest.join(".");
        expect(tables.get(table)?.[key], `${language} ${id}`).toBeTypeOf("string");
        expect(catalogOf(language)[table]?.[key], `${language} ${id}`).toBe(
          tables.get(table)?.[key],
        );
      }
    }
  });

  it("the manifest's strings (name, description, commands) in every language", () => {
    const read = (code: string) =>
      JSON.parse(readFileSync(`public/_locales/${code}/messages.json`, "utf8")) as Record<
        string,
        { message: string }
      >;
    const english = read("en");
    for (const language of translated) {
      const messages = read(language);
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, { message }] of Object.entries(english)) {
        const text = messages[key]?.message ?? "";
        expect(text.trim(), `${language} ${key}`).not.toBe("");
        if (key !== "extName") expect(text, `${language} ${key}`).not.toBe(message);
      }
    }
  });
});
