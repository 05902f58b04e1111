/**
 * The command protocol between the extension's pages and the background: one map from each
 * command to its request (a zod schema, checked on arrival in the background) and its reply
 * (a type: the background is ours, so a page never parses a reply again).
 */
import * as z from "zod/mini";
import type {
  Country,
  IpInfo,
  IpQuality,
  JsonObject,
  PaymentPlan,
  ProxyEntry,
  Region,
} from "../api/lookup-schemas";
import {
  createTimeBilledBodySchema,
  paymentPlanQuerySchema,
  proxyQuerySchema,
  regionQuerySchema,
} from "../api/request-schemas";
import { backupSchema } from "../backup/backup";
import type { ImportSummary } from "../backup/backup-merge";
import type { Failure } from "../base/failure";
import { PAGE_BATCH } from "../diagnostics/message";
import { type DiagEvent, EVENT_KINDS } from "../diagnostics/ring";
import { type ForeignImportSummary, MAX_FOREIGN_BYTES } from "../import/foreign";
import { authSchema, type SettingKey } from "../state/settings";
import { PROVIDER_KINDS } from "../state/token-facts";
import { command, tokenId, tokenIds } from "./command-parts";
import {
  type AddProxiesOutcome,
  type BatchOutcome,
  type CreateOutcome,
  type EditOutcome,
  lookSchema,
  proxyFieldsSchema,
  type VerifyReport,
} from "./outcomes";
import { type RuleReplies, ruleRequestSchemas } from "./rule-commands";

export type {
  AccessGroup,
  AddProxiesOutcome,
  BatchOutcome,
  CreateOutcome,
  EditOutcome,
  VerifyReport,
} from "./outcomes";
export { ACCESS_GROUPS } from "./outcomes";

/** What a "Check all" started: tokens probed, tokens said not checked, or a run joined. */
export interface HealthStart {
  checking: number;
  notChecked: number;
  joined: boolean;
}

export const requestSchemas = {
  /** Changes only the fields given; each is checked on its own in the background. */
  patchSettings: command("patchSettings", { patch: z.record(z.string(), z.unknown()) }),
  createTokens: command("createTokens", {
    kind: z.enum(PROVIDER_KINDS),
    // Checked in full (payway_id only for time-billed kinds) by the API client.
    params: createTimeBilledBodySchema,
    /** ISO code of the chosen country, for the flag and badge (the answer carries only names). */
    countryCode: z._default(z.string().check(z.maxLength(8)), ""),
  }),
  connect: command("connect", { tokenId }),
  disconnect: command("disconnect", {}),
  off: command("off", {}),
  toggle: command("toggle", {}),
  refreshIp: command("refreshIp", { tokenId }),
  checkExitIp: command("checkExitIp", {}),
  deleteTokens: command("deleteTokens", { tokenIds }),
  restoreTokens: command("restoreTokens", { tokenIds }),
  dismissTrash: command("dismissTrash", { tokenIds }),
  /** The user has seen the failure of background work (automatic refresh, keyboard toggle). */
  /** The failure nobody watched, seen; with `source`, only if it is of that source. */
  dismissUnseenFailure: command("dismissUnseenFailure", {
    source: z.optional(z.enum(["auto-refresh", "toggle", "create"])),
  }),
  regions: command("regions", {
    level: z.enum(["countries", "states", "cities"]),
    /** The country (for states) or state (for cities). */
    parentId: z.optional(tokenId),
    query: regionQuerySchema,
  }),
  plans: command("plans", { filters: paymentPlanQuerySchema }),
  /** IP basic information of `ip`, or of our own exit when absent. */
  ipInfo: command("ipInfo", { ip: z.optional(z.string().check(z.maxLength(100))) }),
  ipQuality: command("ipQuality", { ip: z.string().check(z.minLength(1), z.maxLength(100)) }),
  getProxies: command("getProxies", { query: proxyQuerySchema }),
  accountQuota: command("accountQuota", {}),
  accountInfo: command("accountInfo", {}),
  /** Tries credentials that are not saved yet with a cheap authenticated call. */
  verifyCredentials: command("verifyCredentials", { baseUrl: z.string(), auth: authSchema }),
  /** Merges a backup file (checked in the page, checked again here) into storage. */
  importBackup: command("importBackup", { backup: backupSchema }),
  // Up to 10,000 lines of proxies the user already has (see lib/state/proxy-lines.ts).
  addProxies: command("addProxies", { text: z.string().check(z.maxLength(4_000_000)) }),
  /** One proxy by its fields (Options' form), with its name and colour. */
  addProxy: command("addProxy", { proxy: proxyFieldsSchema, look: lookSchema }),
  /** A token's name and colour; for a hand-added proxy its address and login too. */
  editToken: command("editToken", {
    tokenId,
    look: lookSchema,
    proxy: z.optional(proxyFieldsSchema),
  }),
  /** A FoxyProxy export or SwitchyOmega options file, read again and applied in the background. */
  // `rest`: also a last rule sending everything else where the source sent it.
  importForeign: command("importForeign", {
    text: z.string().check(z.maxLength(MAX_FOREIGN_BYTES)),
    rest: z.optional(z.boolean()),
  }),
  /** Every token's health (or these tokens'): lib/background/health-check.ts. */
  checkHealth: command("checkHealth", { tokenIds: z.optional(tokenIds) }),
  cancelHealth: command("cancelHealth", {}),
  /** Sync across the user's browsers on or off (lib/sync/): on merges with what sync holds. */
  setSync: command("setSync", { enabled: z.boolean() }),
  ...ruleRequestSchemas,
  /** Options' "Copy diagnostics": the events the log keeps (lib/diagnostics/). */
  diagnostics: command("diagnostics", {}),
  clearDiagnostics: command("clearDiagnostics", {}),
  /** A page's caught failures, for the log (page-diagnostics.ts); scrubbed again on arrival. */
  recordDiagnostics: command("recordDiagnostics", {
    events: z
      .array(
        z.object({
          at: z.number(),
          kind: z.enum(EVENT_KINDS),
          where: z.string().check(z.maxLength(200)),
          text: z.string().check(z.maxLength(4_000)),
        }),
      )
      .check(z.maxLength(PAGE_BATCH)),
  }),
};

/** What each command answers with when it succeeds. */
interface Replies extends RuleReplies {
  /** `managed`: keys the administrator's policy fixes, left as the policy says. */
  patchSettings: { rejected: SettingKey[]; managed?: SettingKey[] };
  createTokens: CreateOutcome;
  connect: null;
  disconnect: null;
  off: null;
  toggle: null;
  refreshIp: null;
  checkExitIp: null;
  deleteTokens: BatchOutcome;
  restoreTokens: BatchOutcome;
  dismissTrash: null;
  dismissUnseenFailure: null;
  regions: (Country | Region)[];
  plans: PaymentPlan[];
  ipInfo: IpInfo;
  ipQuality: IpQuality;
  getProxies: ProxyEntry[];
  accountQuota: JsonObject;
  accountInfo: JsonObject;
  verifyCredentials: VerifyReport;
  importBackup: ImportSummary;
  addProxies: AddProxiesOutcome;
  addProxy: AddProxiesOutcome & EditOutcome;
  editToken: EditOutcome;
  importForeign: ForeignImportSummary;
  setSync: null;
  checkHealth: HealthStart;
  cancelHealth: null;
  diagnostics: { events: DiagEvent[] };
  clearDiagnostics: null;
  recordDiagnostics: null;
}

type Schemas = typeof requestSchemas;
export type CommandType = keyof Schemas & keyof Replies;
/** A command with a request but no reply, or a reply but no request: fails to compile. */
type OneSided = Exclude<keyof Schemas, keyof Replies> | Exclude<keyof Replies, keyof Schemas>;
const everyCommandHasBothSides: [OneSided] extends [never] ? true : OneSided = true;
void everyCommandHasBothSides;

/** The one map: command → request and reply. */
export type ProtocolMap = {
  [K in CommandType]: {
    request: z.input<Schemas[K]>;
    parsed: z.output<Schemas[K]>;
    reply: Replies[K];
  };
};

export type Command<K extends CommandType = CommandType> = K extends CommandType
  ? ProtocolMap[K]["request"]
  : never;
export type ParsedCommand<K extends CommandType = CommandType> = K extends CommandType
  ? ProtocolMap[K]["parsed"]
  : never;
export type ReplyData<K extends CommandType> = ProtocolMap[K]["reply"];
export type Reply<K extends CommandType> =
  | { ok: true; data: ReplyData<K> }
  | { ok: false; failure: Failure };
