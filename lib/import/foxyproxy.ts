/**
 * A FoxyProxy (8 and later) export as a Proxy Deck setup, read the way FoxyProxy routes in
 * "Proxy by Patterns" mode (on-request.js `processPattern`, its Chrome PAC script): the first
 * active proxy, in the export's order, with an include that matches and no exclude that
 * matches carries the request; none, and it goes direct. Each proxy becomes one list rule
 * whose lines are its includes and whose `@@` lines are its excludes: an exception there lets
 * the request fall through to the next proxy's rule, as an exclude does in FoxyProxy.
 */
import * as z from "zod/mini";
import { MAX_PATTERN_LENGTH } from "../routing/rules";
import {
  type ForeignImport,
  type ForeignRead,
  type ForeignRoute,
  MAX_FOREIGN_PATTERNS,
  MAX_FOREIGN_PROXIES,
} from "./foreign";
import { foxyPattern } from "./foxyproxy-patterns";
import { proxyOf } from "./proxy-check";

const text = z.string().check(z.maxLength(MAX_PATTERN_LENGTH));
const patternSchema = z.object({
  type: z.string().check(z.maxLength(20)),
  title: z.optional(text),
  pattern: text,
  active: z.optional(z.boolean()),
});
const patterns = z.optional(z.array(patternSchema).check(z.maxLength(MAX_FOREIGN_PATTERNS)));

const proxySchema = z.object({
  active: z.optional(z.boolean()),
  title: z.optional(text),
  type: z.string().check(z.maxLength(20)),
  hostname: z.optional(text),
  port: z.optional(z.union([z.string().check(z.maxLength(10)), z.number()])),
  username: z.optional(text),
  password: z.optional(text),
  include: patterns,
  exclude: patterns,
});

export const foxySchema = z.object({
  mode: z.string().check(z.maxLength(MAX_PATTERN_LENGTH)),
  passthrough: z.optional(z.string().check(z.maxLength(100_000))),
  data: z.array(proxySchema).check(z.maxLength(MAX_FOREIGN_PROXIES)),
});

export function readFoxyProxy(value: Record<string, unknown>): ForeignRead {
  const parsed = foxySchema.safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.map(String).join(".") || "(top level)";
    const tooMany = parsed.error.issues[0]?.code === "too_big";
    return {
      ok: false,
      problem: tooMany
        ? { kind: "too-many", format: "foxyproxy" }
        : { kind: "damaged", format: "foxyproxy", where },
    };
  }
  const { data, passthrough } = parsed.data;
  const out: ForeignImport = {
    format: "foxyproxy",
    proxies: [],
    rules: [],
    bypass: [],
    skipped: [],
    rest: { kind: "direct" },
  };
  for (const [index, item] of data.entries()) {
    const address = item.hostname ? `${item.hostname}:${item.port ?? ""}` : "";
    const what = item.title || address || `#${index + 1}`;
    let route: ForeignRoute | null = null;
    if (item.type === "direct") route = { kind: "direct" };
    else {
      const checked = proxyOf(
        what,
        item.type,
        item.hostname ?? "",
        `${item.port ?? ""}`,
        item.username ?? "",
        item.password ?? "",
      );
      if (checked.ok) {
        out.proxies.push(checked.proxy);
        route = { kind: "proxy", proxy: out.proxies.length - 1 };
      } else
        out.skipped.push({
          what,
          why: checked.why,
          ...(checked.detail ? { detail: checked.detail } : {}),
        });
    }
    const lines: string[] = [];
    for (const [list, prefix] of [
      [item.include ?? [], ""],
      [item.exclude ?? [], "@@"],
    ] as const) {
      for (const p of list) {
        // FoxyProxy leaves out inactive patterns; so does the list here.
        if (p.active === false) continue;
        const converted = foxyPattern(p.type, p.pattern);
        if (converted) lines.push(prefix + converted);
        else out.skipped.push({ what: `${what}: ${p.pattern}`, why: "pattern", detail: p.type });
      }
    }
    // Excludes alone match nothing in FoxyProxy: a list of only exceptions has nothing to add.
    if (!lines.some((line) => !line.startsWith("@@"))) continue;
    if (!route) {
      out.skipped.push({ what: `${what} (${lines.length})`, why: "no-proxy", detail: what });
      continue;
    }
    out.rules.push({
      from: what,
      source: { type: "list", name: what.slice(0, 200), lines },
      route,
      // An inactive proxy takes no traffic there: its rule comes over switched off.
      enabled: item.active !== false,
    });
  }
  // Outside "Proxy by Patterns" FoxyProxy routed by none of them: they come over switched off.
  if (parsed.data.mode !== "pattern" && out.rules.length > 0) {
    out.skipped.push({ what: "mode", why: "mode-off", detail: parsed.data.mode });
    for (const rule of out.rules) rule.enabled = false;
  }
  out.bypass = passthroughEntries(passthrough ?? "");
  return { ok: true, setup: out };
}

/**
 * FoxyProxy's global passthrough (whitespace, comma or semicolon separated): host names, `.x`
 * suffixes, `<local>`, IPv4 CIDR, Chrome's bypass syntax in all.
 */
function passthroughEntries(text: string): string[] {
  const entries = text.split(/[\s,;]+/).filter((e) => e !== "");
  return [...new Set(entries.map((e) => (e.startsWith(".") ? `*${e}` : e)))];
}
