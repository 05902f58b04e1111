/**
 * The popup's views word themselves from the tables the build writes for them (popup-views.ts):
 * every string table a popup module imports is one of those, or in the popup's pack.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POPUP_VIEW_TABLES } from "../../../lib/i18n/popup-views";

const tableModules = import.meta.glob<Record<string, unknown>>("../../../lib/i18n/*-strings.ts", {
  eager: true,
});

/** The string modules ("this-site-strings") a popup source file imports. */
function stringModulesOf(dir: string): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(dir, file), "utf8");
    for (const m of source.matchAll(/from "[./]*(?:lib\/)?i18n\/([a-z-]+-strings)"/g)) {
      if (m[1]) found.add(m[1]);
    }
  }
  return found;
}

describe("the popup views' tables", () => {
  it("hold every table a popup module words with", () => {
    const modules = new Set([
      ...stringModulesOf("components/popup"),
      ...stringModulesOf("lib/popup"),
      ...stringModulesOf("components/common"),
    ]);
    expect(modules.size).toBeGreaterThan(8);
    const inPack = new Set(["popup", "status"]);
    for (const name of modules) {
      const exports = tableModules[`../../../lib/i18n/${name}.ts`] ?? {};
      const tables = Object.values(exports)
        .filter(
          (v): v is { name: string; en: object } =>
            typeof v === "object" && v !== null && "en" in v && "name" in v,
        )
        .map((v) => v.name);
      for (const table of tables) {
        expect(
          inPack.has(table) || (POPUP_VIEW_TABLES as readonly string[]).includes(table),
          `${name} → ${table}`,
        ).toBe(true);
      }
    }
  });
});
