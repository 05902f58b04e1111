/**
 * A stub document for the popup's language tables: it runs the table files the build writes
 * (tableScript) when the page appends them, and carries data blocks (carriedTable) as a popup
 * page does, so the timing is the test's to control.
 */
import { vi } from "vitest";
import { carriedTable, tableScript } from "../../../lib/i18n/popup-pack";
import { en, zh } from "./packs";

type Listener = () => void;

/** A script element of the stub document: its listeners, as the page adds them. */
function stubScript(src = "") {
  const listeners: Record<string, Listener[]> = {};
  return {
    src,
    addEventListener(type: string, listener: Listener) {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    fire(type: "load" | "error") {
      for (const listener of listeners[type] ?? []) listener();
    },
  };
}

/** The table file the build writes for this address, run as the browser would run it. */
function runTable(address: string) {
  const pack = address.includes("-zh_CN") ? zh : en;
  const table = address.includes("failures")
    ? { language: pack.language, failures: pack.failures }
    : { language: pack.language, popup: pack.popup };
  new Function(tableScript(address, table))();
}

/** The text of the data block the build writes into a page for this table. */
export function carriedText(address: string, table: object): string {
  return carriedTable(address, table)
    .replace(/^<script[^>]*>/, "")
    .replace(/<\/script>$/, "");
}

/**
 * A document whose appended scripts run the built table files (or fail, for `broken`);
 * `carried` are the data blocks the page's HTML carries, by address.
 */
export function serveFiles(
  failuresLanded: Promise<void>,
  broken: string[] = [],
  carried: Record<string, string> = {},
) {
  const loaded: string[] = [];
  const head = {
    append(script: ReturnType<typeof stubScript>) {
      const address = script.src;
      loaded.push(address);
      void (address.includes("failures") ? failuresLanded : Promise.resolve()).then(() => {
        if (broken.includes(address)) return script.fire("error");
        runTable(address);
        script.fire("load");
      });
    },
  };
  vi.stubGlobal("document", {
    createElement: () => stubScript(),
    querySelector: (selector: string) => {
      const address = /data-table="([^"]+)"/.exec(selector)?.[1] ?? "";
      const text = carried[address];
      return text === undefined ? null : { textContent: text };
    },
    head,
  });
  return loaded;
}

/** Forgets the tables the stub document filed. */
export function forgetTables(): void {
  vi.unstubAllGlobals();
  delete (globalThis as { popupTables?: unknown }).popupTables;
}
