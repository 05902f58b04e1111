/**
 * Backup files (pure): export of tokens, trash and settings, and the import's check with zod
 * (the merge is in backup-merge.ts). Secrets (API credentials, token passwords) are in the
 * file only when the user asks.
 */
import * as z from "zod/mini";
import { isManagedRule } from "../routing/rule-caps";
import { type SiteRule, siteRulesSchema } from "../routing/rules";
import { authSchema, type Settings, settingsSchema } from "../state/settings";
import { instantSchema, type StoredToken, storedTokenSchema } from "../state/tokens";
import type { TrashEntry } from "../state/trash";
import { isUsableHost } from "../state/usable-host";

export const BACKUP_FORMAT = "proxy-deck-backup";
export const BACKUP_VERSION = 1;
const MAX_ENTRIES = 10_000;
/** Far above any real backup (a token is ~500 bytes); refuses a wrong file before parsing. */
export const MAX_BACKUP_BYTES = 20 * 1024 * 1024;

const backupTokenSchema = z.extend(storedTokenSchema, {
  /** Absent when exported without secrets. */
  password: z.optional(z.string().check(z.minLength(1))),
  /**
   * An address a proxy config can carry, as the create and Add proxies doors check it
   * (accept-token.ts); empty is an address still to come, as stored.
   */
  host: z.string().check(
    z.maxLength(255),
    z.refine((host) => host === "" || isUsableHost(host)),
  ),
});
const backupTrashEntrySchema = z.object({
  token: backupTokenSchema,
  deletedAt: instantSchema,
  restoreDeadline: instantSchema,
  /** false: the provider called the delete final (trash.ts). */
  restorable: z.optional(z.boolean()),
});
const backupSettingsSchema = z.extend(settingsSchema, {
  /** Absent (or null) when exported without secrets: the importing browser keeps its own. */
  auth: z.optional(z.nullable(authSchema)),
  /** Absent in backups made before these settings existed: the importing browser keeps its own. */
  fallbackDirect: z.optional(z.boolean()),
  trafficUnit: z.optional(settingsSchema.def.shape.trafficUnit),
  warnDays: z.optional(settingsSchema.def.shape.warnDays),
  badgeFailures: z.optional(z.boolean()),
  /** Never exported (the account states it again); a file that has one is not believed. */
  accountPlan: z.optional(z.unknown()),
});

/** Every token id at most once across tokens and trash: a file that repeats one is damaged. */
export function repeatedTokenId(backup: {
  tokens: readonly { id: number }[];
  trash: readonly { token: { id: number } }[];
}): number | undefined {
  const seen = new Set<number>();
  for (const id of [...backup.tokens.map((t) => t.id), ...backup.trash.map((e) => e.token.id)]) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

export const backupSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    exportedAt: z.string(),
    includesSecrets: z.boolean(),
    settings: backupSettingsSchema,
    tokens: z.array(backupTokenSchema).check(z.maxLength(MAX_ENTRIES)),
    trash: z.array(backupTrashEntrySchema).check(z.maxLength(MAX_ENTRIES)),
    /** Absent in files from before site rules: the import then leaves the rules alone. */
    siteRules: z.optional(siteRulesSchema),
  })
  .check(
    z.refine((backup) => repeatedTokenId(backup) === undefined, {
      message: "a token id appears more than once",
    }),
  );

export type Backup = z.infer<typeof backupSchema>;
export type BackupToken = z.infer<typeof backupTokenSchema>;
export type BackupTrashEntry = z.infer<typeof backupTrashEntrySchema>;

export interface BackupState {
  settings: Settings;
  tokens: StoredToken[];
  trash: TrashEntry[];
  /** Absent where a caller has no rules to hand (none stored). */
  siteRules?: SiteRule[];
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

function withoutPassword(token: StoredToken): BackupToken {
  const { password: _secret, ...rest } = token;
  return rest;
}

export function buildBackup(state: BackupState, includeSecrets: boolean, now: Date): Backup {
  const token = (t: StoredToken): BackupToken => (includeSecrets ? t : withoutPassword(t));
  const { auth, accountPlan: _stated, ...settings } = state.settings;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    includesSecrets: includeSecrets,
    settings: includeSecrets ? { ...settings, auth } : settings,
    tokens: state.tokens.map(token),
    trash: state.trash.map((entry) => ({ ...entry, token: token(entry.token) })),
    // The administrator's rules are the policy's, applied again wherever it is in force (and
    // an import never takes a file's): the file holds the user's own.
    siteRules: (state.siteRules ?? []).filter((rule) => !isManagedRule(rule)),
  };
}

export const backupFileText = (backup: Backup): string => `${JSON.stringify(backup, null, 2)}\n`;

export function backupFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `proxy-deck-backup-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

// ---------------------------------------------------------------------------------------------
// Import: parse
// ---------------------------------------------------------------------------------------------

export type BackupProblem =
  | { kind: "too-large" }
  | { kind: "not-json" }
  | { kind: "not-backup" }
  | { kind: "newer-version"; version: number }
  | { kind: "damaged"; where: string }
  | { kind: "repeated-id"; id: number };

export type ParsedBackup = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem };

export function parseBackup(text: string): ParsedBackup {
  if (text.length > MAX_BACKUP_BYTES) return { ok: false, problem: { kind: "too-large" } };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    // Said to the user: the import words "not-json" (or reads the file as another format).
    return { ok: false, problem: { kind: "not-json" } };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, problem: { kind: "not-backup" } };
  }
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== BACKUP_FORMAT) return { ok: false, problem: { kind: "not-backup" } };
  if (typeof version === "number" && version > BACKUP_VERSION) {
    return { ok: false, problem: { kind: "newer-version", version } };
  }
  const result = backupSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    // The refinement runs only once the shape is right, so the lists are safe to read here.
    const repeated =
      issue?.code === "custom"
        ? repeatedTokenId(value as Parameters<typeof repeatedTokenId>[0])
        : undefined;
    if (repeated !== undefined)
      return { ok: false, problem: { kind: "repeated-id", id: repeated } };
    const where = issue?.path.length ? issue.path.map(String).join(".") : "(top level)";
    return { ok: false, problem: { kind: "damaged", where } };
  }
  return { ok: true, backup: result.data };
}
