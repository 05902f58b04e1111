/**
 * The extension's pages' one door to the background: a command from one of its own pages (no
 * other sender is answered), parsed, handled, and answered the way it was asked (as JSON text,
 * or as an object).
 */
import type { WxtBrowser } from "wxt/browser";
import { recordEvent } from "../diagnostics/record";
import type { ParsedCommand, Reply } from "../protocol/commands";
import { parseCommand } from "../protocol/parse-command";
import { isOwnPage } from "../protocol/sender";
import { fromWire, toWire } from "../protocol/wire";

export function openMessageDoor(
  browser: WxtBrowser,
  handle: (command: ParsedCommand) => Promise<unknown>,
  afterEach: () => void,
): void {
  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    if (!isOwnPage(sender, browser.runtime.id, browser.runtime.getURL("/"))) return undefined;
    const { value, wasText } = fromWire(message);
    const inKind = (reply: unknown) => (wasText ? toWire(reply) : reply);
    const command = parseCommand(value);
    if (!command) {
      // Its type only: the rest of a message that failed its schema is not ours to keep.
      const type = (value as { type?: unknown } | null)?.type;
      recordEvent("refusal", "message-door", `malformed command ${String(type).slice(0, 40)}`);
      const malformed: Reply<"connect"> = { ok: false, failure: { code: "malformed-command" } };
      return Promise.resolve(inKind(malformed));
    }
    return handle(command).then(inKind).finally(afterEach);
  });
}
