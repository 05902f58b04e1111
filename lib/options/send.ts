/**
 * How the options page talks to the background: one typed command, one Reply. A background
 * that cannot be reached becomes a Reply too, so every caller shows a sentence, never throws.
 */
import type { Command, Reply } from "../protocol/messages";

export type SendMessage = (message: Command) => Promise<unknown>;

export const UNREACHABLE =
  "Proxy Deck's background did not answer. Reload this page; if it keeps happening, restart the browser.";

export async function sendCommand<T>(send: SendMessage, command: Command): Promise<Reply<T>> {
  try {
    const reply = (await send(command)) as Reply<T> | undefined;
    if (reply && typeof reply === "object" && typeof reply.ok === "boolean") return reply;
    return { ok: false, error: UNREACHABLE };
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
}
