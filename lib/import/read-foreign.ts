/**
 * Which extension made a file, and its setup: a FoxyProxy export or a SwitchyOmega/ZeroOmega
 * options file (JSON, or the base64 of it, which Omega also restores). A Proxy Deck backup is
 * not read here (backup.ts reads it, as before); anything else is "not-foreign".
 */
import { isRecord } from "../base/is-record";
import { isFoxyExport, isFoxyLegacyExport, isOmegaOptions } from "./detect";
import { type ForeignProblem, type ForeignRead, MAX_FOREIGN_BYTES } from "./foreign";
import { readFoxyProxy } from "./foxyproxy";
import { fromLegacyExport } from "./foxyproxy-legacy";
import { readOmega } from "./omega";

export type ForeignFile =
  | { kind: "setup"; read: ForeignRead }
  | { kind: "too-large" }
  | { kind: "not-foreign" };

/** Omega's own restore takes base64 of the JSON too (options.coffee `parseOptions`). */
function jsonOf(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  let source = trimmed;
  if (!trimmed.startsWith("{") && /^[A-Za-z0-9+/=\s]+$/.test(trimmed)) {
    try {
      const bytes = Uint8Array.from(atob(trimmed.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
      source = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      // Not base64 after all: no format of ours, said by the caller.
      return undefined;
    }
  }
  try {
    return JSON.parse(source);
  } catch {
    // Not JSON: no format read here; backup.ts has already said why in its own words.
    return undefined;
  }
}

export function readForeignFile(text: string): ForeignFile {
  if (text.length > MAX_FOREIGN_BYTES) return { kind: "too-large" };
  const value = jsonOf(text);
  if (!isRecord(value)) return { kind: "not-foreign" };
  if (isFoxyExport(value)) return { kind: "setup", read: readFoxyProxy(value) };
  if (isOmegaOptions(value)) return { kind: "setup", read: readOmega(value) };
  if (isFoxyLegacyExport(value)) {
    const legacy = fromLegacyExport(value);
    return legacy.ok
      ? { kind: "setup", read: readFoxyProxy(legacy.value) }
      : {
          kind: "setup",
          read: {
            ok: false,
            problem: { kind: "damaged", format: "foxyproxy", where: legacy.where },
          },
        };
  }
  return { kind: "not-foreign" };
}

export type { ForeignProblem };
