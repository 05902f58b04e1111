/**
 * Every English table of lib/i18n, found by its shape (`{ name, en }` exported by a module), so
 * a table added later is checked without being listed here.
 */
const modules = import.meta.glob<Record<string, unknown>>("../../../lib/i18n/*.ts", {
  eager: true,
});

export type EnglishTable = { name: string; en: Record<string, string> };

const isTable = (value: unknown): value is EnglishTable =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { name?: unknown }).name === "string" &&
  typeof (value as { en?: unknown }).en === "object";

export function englishTables(): Map<string, Record<string, string>> {
  const tables = new Map<string, Record<string, string>>();
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports)) {
      if (!isTable(value)) continue;
      const known = tables.get(value.name);
      if (known && known !== value.en) throw new Error(`two tables are named ${value.name}`);
      tables.set(value.name, value.en);
    }
  }
  return tables;
}
