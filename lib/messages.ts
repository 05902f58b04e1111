/**
 * The one command protocol between the extension's pages and the background. Every message is
 * parsed with zod on arrival; only this extension's own pages may send them.
 */
import * as z from "zod/mini";
import { createTimeBilledBodySchema } from "./api";
import { settingsSchema } from "./storage";
import { TOKEN_KINDS } from "./tokens";

const tokenId = z.int().check(z.positive());

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
