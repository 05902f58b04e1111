/**
 * Commands and replies cross between the pages and the background as JSON text. Chrome turns
 * a message object into its own value tree and back, node by node: 10,000 site rules (1 MB)
 * took ~1 s each way (measured in Chromium 156), one string of the same JSON a few ms.
 * Objects are still understood (the tests' own pages send them), and answered in kind.
 */

/** A command or reply as it goes over the wire. */
export const toWire = (value: unknown): string => JSON.stringify(value);

/** A message as it came: JSON text is read back; anything else is taken as it is. */
export function fromWire(message: unknown): { value: unknown; wasText: boolean } {
  if (typeof message !== "string") return { value: message, wasText: false };
  try {
    return { value: JSON.parse(message), wasText: true };
  } catch {
    // Not JSON: no message (a command is answered "malformed" and recorded at the door, a
    // reply reads as a background that did not answer, which the page says).
    return { value: undefined, wasText: true };
  }
}

/** A page's sendMessage, speaking JSON text to the background. */
export const overWire =
  (sendMessage: (message: unknown) => Promise<unknown>) =>
  async (message: unknown): Promise<unknown> =>
    fromWire(await sendMessage(toWire(message))).value;
