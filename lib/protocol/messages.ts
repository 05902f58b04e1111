/**
 * The one command protocol between the extension's pages and the background. Every message is
 * parsed with zod on arrival; only this extension's own pages may send them.
 */
import * as z from "zod/mini";
import {
  createTimeBilledBodySchema,
  paymentPlanQuerySchema,
  proxyQuerySchema,
  regionQuerySchema,
} from "../api";
import { backupSchema } from "../options/backup";
import { settingsSchema } from "../state/storage";
import { TOKEN_KINDS } from "../state/tokens";

const tokenId = z.int().check(z.positive());
const tokenIds = z.array(tokenId).check(z.minLength(1), z.maxLength(10_000));

export const commandSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("saveSettings"), settings: settingsSchema }),
  z.object({
    type: z.literal("createTokens"),
    kind: z.enum(TOKEN_KINDS),
    // Checked in full (payway_id only for time-billed kinds) by the API client.
    params: createTimeBilledBodySchema,
    /** ISO code of the chosen country, for the flag and badge (the answer carries only names). */
    countryCode: z._default(z.string(), ""),
  }),
  z.object({ type: z.literal("connect"), tokenId }),
  z.object({ type: z.literal("disconnect") }),
  z.object({ type: z.literal("toggle") }),
  z.object({ type: z.literal("refreshIp"), tokenId }),
  z.object({ type: z.literal("checkExitIp") }),
  z.object({ type: z.literal("deleteTokens"), tokenIds }),
  z.object({ type: z.literal("restoreTokens"), tokenIds }),
  z.object({ type: z.literal("dismissTrash"), tokenIds }),
  z.object({
    type: z.literal("lookup"),
    lookup: z.discriminatedUnion("what", [
      z.object({ what: z.literal("countries"), query: regionQuerySchema }),
      z.object({ what: z.literal("states"), parentId: tokenId, query: regionQuerySchema }),
      z.object({ what: z.literal("cities"), parentId: tokenId, query: regionQuerySchema }),
      z.object({ what: z.literal("plans"), filters: paymentPlanQuerySchema }),
    ]),
  }),
  /** IP basic information of `ip`, or of our own exit when absent. */
  z.object({ type: z.literal("ipInfo"), ip: z.optional(z.string()) }),
  z.object({ type: z.literal("ipQuality"), ip: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal("getProxies"), query: proxyQuerySchema }),
  z.object({ type: z.literal("accountQuota") }),
  z.object({ type: z.literal("accountInfo") }),
  /** Tries these settings (not yet saved) with a cheap authenticated call. */
  z.object({ type: z.literal("verifyCredentials"), settings: settingsSchema }),
  /** Merges a backup file (checked in the page, checked again here) into storage. */
  z.object({ type: z.literal("importBackup"), backup: backupSchema }),
]);
export type Command = z.input<typeof commandSchema>;
export type ParsedCommand = z.output<typeof commandSchema>;

export type Reply<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; error: string; code?: string };

/** Only pages of this extension (popup, options) may command the background. */
export function isOwnPage(
  sender: { id?: string; url?: string },
  extensionId: string,
  extensionOrigin: string,
): boolean {
  return sender.id === extensionId && (sender.url ?? "").startsWith(extensionOrigin);
}
