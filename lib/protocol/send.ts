/**
 * The pages' one way to command the background. The reply comes back typed by the command
 * sent; a background that cannot be reached becomes a failure too, so a caller always has
 * something to show and never throws. Type-only imports: no schema code on a page's first path.
 */
import type { CommandType, ProtocolMap, Reply } from "./commands";
import { overWire } from "./wire";

export type SendMessage = (message: unknown) => Promise<unknown>;
/** `K` is inferred from the command's `type`, so the reply is that command's reply. */
export type CommandOf<K extends CommandType> = { type: K } & ProtocolMap[K]["request"];
export type Send = <K extends CommandType>(command: CommandOf<K>) => Promise<Reply<K>>;

const UNREACHABLE = { ok: false, failure: { code: "background-unreachable" } } as const;

export function createSend(sendMessage: SendMessage): Send {
  return async <K extends CommandType>(command: CommandOf<K>): Promise<Reply<K>> => {
    try {
      const reply = await sendMessage(command);
      const ok = (reply as { ok?: unknown } | undefined)?.ok;
      // Anything else means no listener answered (a reloading or crashed background).
      if (typeof ok === "boolean") return reply as Reply<K>;
    } catch {
      // Same: the message never reached a listener.
    }
    return UNREACHABLE;
  };
}

/**
 * A page's one client of the background (the popup and Options make it the same way): typed
 * commands, sent as JSON text (wire.ts).
 */
export function backgroundClient(runtime: {
  sendMessage(message: unknown): Promise<unknown>;
}): Send {
  return createSend(overWire((message) => runtime.sendMessage(message)));
}
