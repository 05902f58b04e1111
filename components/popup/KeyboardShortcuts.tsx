/**
 * The popup's "Keyboard shortcuts", closed at the bottom: the keys the browser really assigned
 * (Chrome leaves a suggested key unset when it clashes), read from commands.getAll only when
 * the user opens it, and where to set the others. In its own chunk: nothing on the first path.
 */
import type { Browser } from "@wxt-dev/browser";
import { useState } from "preact/hooks";
import { translateOf } from "../../lib/i18n/index";
import { keyboardStrings } from "../../lib/i18n/keyboard-strings";
import { KEYBOARD_COMMANDS } from "../../lib/keyboard/commands";
import { extension } from "../../lib/popup/extension";
import { useEnv } from "./env";
import "./keyboard.css";

const OPEN_POPUP = "_execute_action";
const keyWords = translateOf(keyboardStrings);

/** "Alt+Shift+Period" as the key reads on the keyboard. */
const shown = (shortcut: string) =>
  shortcut
    .replace(/\bPeriod$/, ".")
    .replace(/\bComma$/, ",")
    .replaceAll("+", " + ");

type Commands = typeof Browser.commands & { openShortcutSettings?: () => Promise<void> };

/** The browser's commands API; null where there is none (Firefox for Android, a test page). */
function commandsApi(): Commands | null {
  try {
    return (extension().commands as Commands | undefined) ?? null;
  } catch {
    // No commands API to ask here (a test page): the list says there are no shortcuts.
    return null;
  }
}

export function KeyboardShortcuts() {
  const { language } = useEnv();
  const w = keyWords(language);
  const [keys, setKeys] = useState<ReadonlyMap<string, string> | null>(null);
  const commands = commandsApi();
  if (!commands) return null;
  const firefox = import.meta.env.FIREFOX;

  const read = async () => {
    const all = await commands.getAll();
    setKeys(new Map(all.map((command) => [command.name ?? "", command.shortcut ?? ""])));
  };
  // Firefox (137+) opens its shortcut page for the add-on; Chrome lets an extension open its own.
  const openSettings = firefox
    ? commands.openShortcutSettings && (() => void commands.openShortcutSettings?.())
    : () => void extension().tabs.create({ url: "chrome://extensions/shortcuts" });

  return (
    <details
      class="shortcuts"
      data-testid="keyboard-shortcuts"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void read();
      }}
    >
      <summary>{w("keys.title")}</summary>
      {keys ? (
        <table>
          <tbody>
            {[
              ...KEYBOARD_COMMANDS,
              // The browser's own "open the popup": listed when it has it (Chrome always does).
              ...(keys.has(OPEN_POPUP)
                ? [{ name: OPEN_POPUP, message: "keys.openPopup" } as const]
                : []),
            ].map(({ name, message }) => {
              const key = keys.get(name);
              return (
                <tr key={name} data-command={name}>
                  <td>{w(message)}</td>
                  <td>
                    {key ? <kbd>{shown(key)}</kbd> : <span class="muted">{w("keys.unset")}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p class="muted">{w("keys.reading")}</p>
      )}
      <p class="muted">{w(firefox ? "keys.whereFirefox" : "keys.whereChrome")}</p>
      {openSettings && (
        <button type="button" class="btn btn--small" onClick={openSettings}>
          {w("keys.open")}
        </button>
      )}
    </details>
  );
}
