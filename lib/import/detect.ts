/**
 * Which extension wrote a parsed file, by the keys its own code writes: FoxyProxy 8+ exports
 * its storage (`mode` and the `data` list of proxies, app.js `pref`); Omega its options
 * (`schemaVersion` and `+name` profiles, default_options.coffee). zod-free, so the popup's
 * "Add proxies" can tell a pasted export from proxy lines cheaply.
 */
import { isRecord } from "../base/is-record";
import type { ForeignFormat } from "./foreign";

export const isFoxyExport = (value: Record<string, unknown>): boolean =>
  typeof value.mode === "string" && Array.isArray(value.data);

/** FoxyProxy 6–7: each proxy an entry of its own with `address` and its pattern lists. */
export const isFoxyLegacyExport = (value: Record<string, unknown>): boolean =>
  !Array.isArray(value.data) &&
  Object.values(value).some(
    (entry) =>
      isRecord(entry) &&
      "address" in entry &&
      ("whitePatterns" in entry || "blackPatterns" in entry),
  );

export const isOmegaOptions = (value: Record<string, unknown>): boolean =>
  typeof value.schemaVersion === "number" && Object.keys(value).some((k) => k.startsWith("+"));

/** The format of pasted or chosen text that is such a file (plain JSON only), or null. */
export function foreignFormatOf(text: string): ForeignFormat | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    // Not JSON: proxy lines (or nonsense), judged line by line as before.
    return null;
  }
  if (!isRecord(value)) return null;
  if (isFoxyExport(value) || isFoxyLegacyExport(value)) return "foxyproxy";
  return isOmegaOptions(value) ? "omega" : null;
}
