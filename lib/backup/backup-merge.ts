/**
 * What an import will change (pure): a merge by token id, never a duplicate, with stored
 * passwords and credentials kept where the backup has none. Nothing here writes.
 */
import { dequal } from "dequal";
import { isManagedRule } from "../routing/rule-caps";
import type { SiteRule } from "../routing/rules";
import { sameLook } from "../state/look-check";
import type { SettingKey } from "../state/settings";
import { proxyEndpoint } from "../state/token-facts";
import { tokenTag } from "../state/token-look";
import { type StoredToken, storedTokenSchema } from "../state/tokens";
import type { TrashEntry } from "../state/trash";
import type { Backup, BackupState, BackupToken, BackupTrashEntry } from "./backup";
import { gatedLook, type LookRefusal } from "./backup-looks";
import { importSettings, type SettingChange, type SettingsImport } from "./backup-settings";

export type { LookRefusal };

export interface EntryRef {
  id: number;
  label: string;
}

export interface ListChanges {
  added: EntryRef[];
  updated: EntryRef[];
  unchanged: number;
  /** In the other list here (e.g. deleted since the backup): left where it is. */
  kept: EntryRef[];
  /**
   * Without a password: new here, or moved to another host:port (a stored password stays with
   * the address it was given for). Cannot be imported.
   */
  missingPassword: EntryRef[];
  /** Tokens whose host:port the import changes. */
  moved: { label: string; from: string; to: string }[];
  /** Looks in the file the gate refused: those tokens keep the look stored here. */
  refusedLooks: LookRefusal[];
}

export interface ImportPlan {
  next: BackupState;
  tokens: ListChanges;
  trash: ListChanges;
  /** Settings whose value will change, and how. */
  settings: SettingKey[];
  settingChanges: SettingChange[];
  credentials: SettingsImport["credentials"];
  refusedBaseUrl: string | null;
  /** The file's settings the gate refused (the stored values stay), and why. */
  refusedSettings: SettingsImport["refused"];
  /**
   * The file's site rules, which replace the stored ones (they route traffic: the preview
   * lists each), or null when the file has none or the same ones.
   */
  siteRules: SiteRule[] | null;
}

const ref = (
  token: Pick<StoredToken, "id" | "kind" | "name" | "look" | "country" | "ip">,
): EntryRef => ({
  id: token.id,
  label: [tokenTag(token), token.country, token.ip].filter(Boolean).join(" · "),
});

const TOKEN_KEYS = (Object.keys(storedTokenSchema.def.shape) as (keyof StoredToken)[]).filter(
  (key) => key !== "look",
);
const sameToken = (a: StoredToken, b: StoredToken) =>
  TOKEN_KEYS.every((key) => a[key] === b[key]) && sameLook(a.look, b.look);

/**
 * Backup token over stored token: the backup's fields, and the stored password only when the
 * token stays at the host:port that password was given for.
 */
function completed(token: BackupToken, stored: StoredToken | undefined): StoredToken | undefined {
  const sameEndpoint = stored !== undefined && proxyEndpoint(stored) === proxyEndpoint(token);
  const password = token.password ?? (sameEndpoint ? stored?.password : undefined);
  return password === undefined ? undefined : { ...token, password };
}

export function emptyChanges(): ListChanges {
  return {
    added: [],
    updated: [],
    unchanged: 0,
    kept: [],
    missingPassword: [],
    moved: [],
    refusedLooks: [],
  };
}

function noteMove(changes: ListChanges, stored: StoredToken | undefined, token: BackupToken) {
  if (stored && proxyEndpoint(stored) !== proxyEndpoint(token)) {
    changes.moved.push({
      label: ref(token).label,
      from: proxyEndpoint(stored),
      to: proxyEndpoint(token),
    });
  }
}

/** Tokens after the import: stored order kept, new ones appended in the backup's order. */
export function mergeTokens(
  tokens: readonly StoredToken[],
  trashIds: ReadonlySet<number>,
  incoming: readonly BackupToken[],
): { tokens: StoredToken[]; changes: ListChanges } {
  const changes = emptyChanges();
  const result = [...tokens];
  for (const fromFile of incoming) {
    if (trashIds.has(fromFile.id)) {
      changes.kept.push(ref(fromFile));
      continue;
    }
    const index = result.findIndex((t) => t.id === fromFile.id);
    const stored = index >= 0 ? result[index] : undefined;
    const token = gatedLook(fromFile, stored, changes.refusedLooks);
    noteMove(changes, stored, token);
    const next = completed(token, stored);
    if (next === undefined) {
      changes.missingPassword.push(ref(token));
    } else if (stored === undefined) {
      result.push(next);
      changes.added.push(ref(next));
    } else if (sameToken(stored, next)) {
      changes.unchanged++;
    } else {
      result[index] = next;
      changes.updated.push(ref(next));
    }
  }
  return { tokens: result, changes };
}

export function mergeTrash(
  trash: readonly TrashEntry[],
  tokenIds: ReadonlySet<number>,
  incoming: readonly BackupTrashEntry[],
): { trash: TrashEntry[]; changes: ListChanges } {
  const changes = emptyChanges();
  const result = [...trash];
  for (const entry of incoming) {
    if (tokenIds.has(entry.token.id)) {
      changes.kept.push(ref(entry.token));
      continue;
    }
    const index = result.findIndex((e) => e.token.id === entry.token.id);
    const stored = index >= 0 ? result[index] : undefined;
    noteMove(changes, stored?.token, entry.token);
    const token = completed(
      gatedLook(entry.token, stored?.token, changes.refusedLooks),
      stored?.token,
    );
    if (token === undefined) {
      changes.missingPassword.push(ref(entry.token));
      continue;
    }
    // A delete the provider called final stays final, whichever side says so.
    const final = stored?.restorable === false || entry.restorable === false;
    const { restorable: _fromFile, ...dates } = entry;
    const next: TrashEntry = { ...dates, token, ...(final ? { restorable: false } : {}) };
    if (stored === undefined) {
      result.push(next);
      changes.added.push(ref(token));
    } else if (
      sameToken(stored.token, token) &&
      stored.deletedAt === next.deletedAt &&
      stored.restoreDeadline === next.restoreDeadline &&
      stored.restorable === next.restorable
    ) {
      changes.unchanged++;
    } else {
      result[index] = next;
      changes.updated.push(ref(token));
    }
  }
  return { trash: result, changes };
}

export function planImport(current: BackupState, backup: Backup): ImportPlan {
  const tokens = mergeTokens(
    current.tokens,
    new Set(current.trash.map((e) => e.token.id)),
    backup.tokens,
  );
  const trash = mergeTrash(current.trash, new Set(current.tokens.map((t) => t.id)), backup.trash);
  const settings = importSettings(current.settings, backup.settings);
  // The user's own rules: the administrator's stay as stored here (a file's are not taken).
  const fileRules = backup.siteRules?.filter((rule) => !isManagedRule(rule));
  const ownNow = (current.siteRules ?? []).filter((rule) => !isManagedRule(rule));
  const siteRules = fileRules && !dequal(fileRules, ownNow) ? fileRules : null;
  return {
    next: {
      settings: settings.settings,
      tokens: tokens.tokens,
      trash: trash.trash,
      ...(siteRules ? { siteRules } : {}),
    },
    siteRules,
    tokens: tokens.changes,
    trash: trash.changes,
    settings: settings.changes.map((change) => change.key),
    settingChanges: settings.changes,
    credentials: settings.credentials,
    refusedBaseUrl: settings.refusedBaseUrl,
    refusedSettings: settings.refused,
  };
}

/** Nothing can be imported while any new entry lacks its password. */
export const blockedEntries = (plan: ImportPlan): EntryRef[] => [
  ...plan.tokens.missingPassword,
  ...plan.trash.missingPassword,
];

export const changesSomething = (plan: ImportPlan): boolean =>
  plan.tokens.added.length +
    plan.tokens.updated.length +
    plan.trash.added.length +
    plan.trash.updated.length +
    plan.settings.length >
    0 || plan.siteRules !== null;

export interface ImportSummary {
  tokensAdded: number;
  tokensUpdated: number;
  trashAdded: number;
  trashUpdated: number;
  settingsChanged: SettingKey[];
  /** How many site rules the file put in place of the stored ones (null: left alone). */
  siteRules: number | null;
}

export const summaryOf = (plan: ImportPlan): ImportSummary => ({
  tokensAdded: plan.tokens.added.length,
  tokensUpdated: plan.tokens.updated.length,
  trashAdded: plan.trash.added.length,
  trashUpdated: plan.trash.updated.length,
  settingsChanged: plan.settings,
  siteRules: plan.siteRules?.length ?? null,
});
