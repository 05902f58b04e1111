/**
 * The parts of a SwitchyOmega/ZeroOmega options file (`OmegaOptions.bak`: omega-target's
 * options, `schemaVersion` 2, each profile under `+name`) that Proxy Deck reads, checked with
 * zod. Profiles are read one by one into a Map, never into a plain object, so a `+__proto__`
 * key is just a name.
 */
import * as z from "zod/mini";
import { MAX_PATTERN_LENGTH } from "../routing/rules";
import { MAX_FOREIGN_BYTES, MAX_FOREIGN_PATTERNS } from "./foreign";

const text = z.string().check(z.maxLength(MAX_PATTERN_LENGTH));

export const conditionSchema = z.object({
  conditionType: z.string().check(z.maxLength(100)),
  pattern: z.optional(text),
  ip: z.optional(text),
  prefixLength: z.optional(z.number()),
});

const serverSchema = z.object({
  scheme: z.string().check(z.maxLength(20)),
  host: text,
  port: z.union([z.number(), z.string().check(z.maxLength(10))]),
});
const loginSchema = z.object({ username: z.optional(text), password: z.optional(text) });

export const fixedSchema = z.object({
  profileType: z.literal("FixedProfile"),
  fallbackProxy: z.optional(serverSchema),
  proxyForHttp: z.optional(serverSchema),
  proxyForHttps: z.optional(serverSchema),
  proxyForFtp: z.optional(serverSchema),
  bypassList: z.optional(z.array(conditionSchema).check(z.maxLength(MAX_FOREIGN_PATTERNS))),
  auth: z.optional(
    z.object({
      fallbackProxy: z.optional(loginSchema),
      all: z.optional(loginSchema),
    }),
  ),
});

export const switchSchema = z.object({
  profileType: z.enum(["SwitchProfile", "VirtualProfile"]),
  rules: z.optional(
    z
      .array(z.object({ condition: conditionSchema, profileName: text }))
      .check(z.maxLength(MAX_FOREIGN_PATTERNS)),
  ),
  defaultProfileName: text,
});

export const ruleListSchema = z.object({
  profileType: z.enum(["RuleListProfile", "SwitchyRuleListProfile", "AutoProxyRuleListProfile"]),
  format: z.optional(z.string().check(z.maxLength(40))),
  sourceUrl: z.optional(text),
  ruleList: z.optional(z.string().check(z.maxLength(MAX_FOREIGN_BYTES))),
  matchProfileName: text,
  defaultProfileName: text,
});

export type FixedProfile = z.infer<typeof fixedSchema>;
export type SwitchProfile = z.infer<typeof switchSchema>;
export type RuleListProfile = z.infer<typeof ruleListSchema>;
export type OmegaProfile =
  | ({ kind: "fixed" } & FixedProfile)
  | ({ kind: "switch" } & SwitchProfile)
  | ({ kind: "rule-list" } & RuleListProfile)
  | { kind: "other"; profileType: string };

const SCHEMAS = [
  ["fixed", fixedSchema],
  ["switch", switchSchema],
  ["rule-list", ruleListSchema],
] as const;

export type ReadProfiles =
  | { ok: true; profiles: Map<string, OmegaProfile>; options: Map<string, unknown> }
  | { ok: false; where: string };

/** Every `+name` profile checked by its type; the `-name` options kept aside. */
export function readProfiles(value: Record<string, unknown>): ReadProfiles {
  const profiles = new Map<string, OmegaProfile>();
  const options = new Map<string, unknown>();
  for (const [key, raw] of Object.entries(value)) {
    if (key.startsWith("-")) options.set(key.slice(1), raw);
    if (!key.startsWith("+")) continue;
    const type = (raw as { profileType?: unknown } | null)?.profileType;
    if (typeof type !== "string") return { ok: false, where: `${key}.profileType` };
    let profile: OmegaProfile = { kind: "other", profileType: type.slice(0, 40) };
    for (const [kind, schema] of SCHEMAS) {
      const accepts = schema.def.shape.profileType.safeParse(type).success;
      if (!accepts) continue;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const path = parsed.error.issues[0]?.path.map(String).join(".") ?? "";
        return { ok: false, where: path ? `${key}.${path}` : key };
      }
      profile = { kind, ...parsed.data } as OmegaProfile;
    }
    profiles.set(key.slice(1), profile);
  }
  return { ok: true, profiles, options };
}
