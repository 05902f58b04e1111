/**
 * The keyboard commands: their names (as the manifest and `commands.onCommand` spell them), the
 * keys suggested for them, and the message of each description in public/_locales.
 *
 * Chrome takes at most 4 suggested keys (a fifth stops the extension from loading) and silently
 * leaves a key unassigned when it clashes with one of its own: Alt+Shift+P, N, R, T, W, X, Z, A,
 * B, C and Ctrl+Shift+O, L came back empty from `commands.getAll()` in Chromium 156; the keys
 * below came back assigned (tests/e2e/keyboard.spec.ts checks it). The site commands get no
 * suggested key: the user sets one (the popup's "Keyboard shortcuts" says where).
 */
export const KEYBOARD_COMMANDS = [
  { name: "proxy-off", key: "Alt+Shift+O", message: "commandOff" },
  // The name the first version shipped: a key a user set for it stays set.
  { name: "toggle-proxy", key: "Alt+Shift+L", message: "commandLastToken" },
  { name: "next-token", key: "Alt+Shift+Period", message: "commandNextToken" },
  { name: "previous-token", key: "Alt+Shift+Comma", message: "commandPreviousToken" },
  { name: "site-via-token", key: null, message: "commandSiteViaToken" },
  { name: "site-direct", key: null, message: "commandSiteDirect" },
] as const;

export type KeyboardCommand = (typeof KEYBOARD_COMMANDS)[number]["name"];

const NAMES: ReadonlySet<string> = new Set(KEYBOARD_COMMANDS.map((command) => command.name));
export const isKeyboardCommand = (name: string): name is KeyboardCommand => NAMES.has(name);

/** The manifest's `commands`: descriptions from _locales, the suggested keys above. */
export function manifestCommands(): Record<
  string,
  { description: string; suggested_key?: { default: string } }
> {
  return Object.fromEntries(
    KEYBOARD_COMMANDS.map(({ name, key, message }) => [
      name,
      {
        description: `__MSG_${message}__`,
        ...(key ? { suggested_key: { default: key } } : {}),
      },
    ]),
  );
}
