/**
 * A FoxyProxy 6–7 export, brought to the form FoxyProxy 8+ exports, as FoxyProxy's own "Import
 * older export" does (migrate.js `convert7`): each proxy is an entry with `address`, ordered by
 * `index`; types and pattern kinds are numbers; host patterns gain their scheme (`protocols`)
 * and a path, so they read as URL patterns. The result is then read like any newer export.
 */
import * as z from "zod/mini";
import { MAX_PATTERN_LENGTH } from "../routing/rules";
import { MAX_FOREIGN_PATTERNS, MAX_FOREIGN_PROXIES } from "./foreign";

const text = z.string().check(z.maxLength(MAX_PATTERN_LENGTH));
const legacyPattern = z.object({
  title: z.optional(text),
  pattern: text,
  type: z.optional(z.number()),
  protocols: z.optional(z.number()),
  active: z.optional(z.union([z.boolean(), z.string().check(z.maxLength(10))])),
});
const patterns = z.optional(z.array(legacyPattern).check(z.maxLength(MAX_FOREIGN_PATTERNS)));
const legacyProxy = z.object({
  title: z.optional(text),
  type: z.optional(z.number()),
  address: z.optional(text),
  port: z.optional(z.union([z.number(), z.string().check(z.maxLength(10))])),
  username: z.optional(text),
  password: z.optional(text),
  active: z.optional(z.union([z.boolean(), z.string().check(z.maxLength(10))])),
  index: z.optional(z.number()),
  whitePatterns: patterns,
  blackPatterns: patterns,
});

const TYPES: Record<number, string> = {
  1: "http",
  2: "https",
  3: "socks5",
  4: "socks4",
  5: "direct",
};
const WILDCARD_SCHEME: Record<number, string> = { 1: "*://", 2: "http://", 4: "https://" };
const REGEX_SCHEME: Record<number, string> = { 1: ".+://", 2: "http://", 4: "https://" };

/** pattern.js `validMatchPattern`, which convert7 uses to tell a host pattern's new form. */
const validMatchPattern = (p: string) =>
  p === "<all_urls>" || /^(https?|\*):\/\/(\*|\*\.[^*:/]+|[^*:/]+)\/.*$/i.test(p);

function pattern(p: z.infer<typeof legacyPattern>) {
  const protocols = p.protocols ?? 1;
  const active = p.active === true || p.active === "true";
  if (p.type === 2) {
    const body = p.pattern.replace(/^\^/, "").replace(/\$$/, "");
    return {
      type: "regex",
      title: p.title ?? "",
      pattern: `${REGEX_SCHEME[protocols] ?? ".+://"}${body}/`,
      active,
    };
  }
  let converted = `${WILDCARD_SCHEME[protocols] ?? "*://"}${p.pattern.startsWith(".") ? "*" : ""}${p.pattern}/`;
  if (validMatchPattern(`${converted}*`)) converted += "*";
  return { type: "wildcard", title: p.title ?? "", pattern: converted, active };
}

export type LegacyRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; where: string };

/** The newer export's shape, in the older one's order, or where the older one is damaged. */
export function fromLegacyExport(value: Record<string, unknown>): LegacyRead {
  const entries: [string, z.infer<typeof legacyProxy>][] = [];
  for (const [key, raw] of Object.entries(value)) {
    if (raw === null || typeof raw !== "object" || !("address" in raw || "type" in raw)) continue;
    const parsed = legacyProxy.safeParse(raw);
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path.map(String).join(".") ?? "";
      return { ok: false, where: path ? `${key}.${path}` : key };
    }
    entries.push([key, parsed.data]);
    if (entries.length > MAX_FOREIGN_PROXIES) return { ok: false, where: key };
  }
  entries.sort(([, a], [, b]) => (a.index ?? 0) - (b.index ?? 0));
  const rawMode = typeof value.mode === "string" ? value.mode : "disabled";
  const chosen = entries.find(([key]) => key === rawMode)?.[1];
  const mode = chosen
    ? `${chosen.address ?? ""}:${chosen.port ?? ""}`
    : rawMode === "patterns"
      ? "pattern"
      : rawMode === "disabled"
        ? "disable"
        : rawMode;
  const data = entries.map(([, p]) => ({
    active: p.active === true || p.active === "true",
    title: p.title ?? "",
    type: TYPES[p.type ?? 0] ?? `type ${p.type}`,
    hostname: p.address ?? "",
    port: String(p.port ?? ""),
    username: p.username ?? "",
    password: p.password ?? "",
    include: (p.whitePatterns ?? []).map(pattern),
    exclude: (p.blackPatterns ?? []).map(pattern),
  }));
  return { ok: true, value: { mode, data } };
}
