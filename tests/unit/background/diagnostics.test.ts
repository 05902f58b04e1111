/**
 * The diagnostics through the background's door, as a page sends them (JSON text, from its own
 * page): a page's failure recorded, the whole ring read back (the wake first), scrubbed, and
 * cleared; a malformed command and a failed command leave their trace.
 */
import type { Browser } from "@wxt-dev/browser";
import { describe, expect, it } from "vitest";
import type { WxtBrowser } from "wxt/browser";
import { fakeBrowser } from "wxt/testing";
import { startBackground } from "../../../lib/background/main";
import type { DiagEvent } from "../../../lib/diagnostics/ring";
import type { CommandType, Reply } from "../../../lib/protocol/commands";
import type { CommandOf } from "../../../lib/protocol/send";
import { fromWire, toWire } from "../../../lib/protocol/wire";
import { chromeFake, fakeEvent } from "./chrome-fake";

function start() {
  const chrome = chromeFake().api;

  const browser = {
    ...fakeBrowser,
    webRequest: {
      onBeforeRequest: fakeEvent(),
      onCompleted: fakeEvent(),
      onErrorOccurred: fakeEvent(),
    },
    runtime: Object.assign(Object.create(fakeBrowser.runtime), {
      onConnect: fakeEvent(),
      getManifest: () => ({ version: "9.8.7" }),
    }),
    commands: { ...fakeBrowser.commands, onCommand: fakeEvent() },
    contextMenus: {
      onClicked: fakeEvent(),
      removeAll: async () => undefined,
      create: () => undefined,
    },
    proxy: { ...fakeBrowser.proxy, settings: chrome.proxy.settings },
  };
  startBackground({
    browser: browser as unknown as WxtBrowser,
    chrome: chrome as unknown as typeof Browser,
    firefox: null,
  });
}

const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL("/options.html") };

/** A command as a page sends it: JSON text through runtime.onMessage, the reply read back. */
async function send<K extends CommandType>(command: CommandOf<K>): Promise<Reply<K>> {
  const [reply] = await fakeBrowser.runtime.onMessage.trigger(toWire(command), sender);
  return fromWire(reply).value as Reply<K>;
}

async function events(): Promise<DiagEvent[]> {
  const reply = await send({ type: "diagnostics" });
  if (!reply.ok) throw new Error(reply.failure.code);
  return reply.data.events;
}

describe("diagnostics through the door", () => {
  it("a page's failure goes in, scrubbed; the ring comes back with the wake first; clear empties it", async () => {
    fakeBrowser.reset();
    start();
    const at = Date.now();
    const recorded = await send({
      type: "recordDiagnostics",
      events: [
        {
          at,
          kind: "error",
          where: "options:backup:export",
          text: "fetch https://alice:hunter2@gw.example.test/secret?token=abc failed",
        },
      ],
    });
    expect(recorded).toEqual({ ok: true, data: null });
    const ring = await events();
    expect(ring[0]).toMatchObject({
      kind: "wake",
      where: "background",
      text: "worker started, version 9.8.7",
    });
    expect(ring).toContainEqual({
      at,
      kind: "error",
      where: "options:backup:export",
      text: "fetch gw.example.test failed",
    });
    expect(JSON.stringify(ring)).not.toMatch(/hunter2|alice|secret|token=/);

    // Kept in storage.session: a worker woken later reads it (the ring's own test reads it back).
    await expect
      .poll(async () => JSON.stringify(await fakeBrowser.storage.session.get("diagnostics")))
      .toContain("gw.example.test failed");

    expect(await send({ type: "clearDiagnostics" })).toEqual({ ok: true, data: null });
    expect(await events()).toEqual([]);
  });

  it("a malformed command is refused and recorded; a failed command leaves its code", async () => {
    fakeBrowser.reset();
    start();
    const [malformed] = await fakeBrowser.runtime.onMessage.trigger(
      toWire({ type: "connect", tokenId: "seven" }),
      sender,
    );
    expect(fromWire(malformed).value).toEqual({
      ok: false,
      failure: { code: "malformed-command" },
    });
    // No credentials saved: the account's command fails with its code.
    expect(await send({ type: "accountInfo" })).toEqual({
      ok: false,
      failure: { code: "no-credentials" },
    });
    const ring = await events();
    expect(ring).toContainEqual(
      expect.objectContaining({
        kind: "refusal",
        where: "message-door",
        text: "malformed command connect",
      }),
    );
    expect(ring).toContainEqual(
      expect.objectContaining({
        kind: "command",
        where: "command:accountInfo",
        text: "no-credentials",
      }),
    );
    expect(JSON.stringify(ring)).not.toContain("seven");
  });

  it("refuses a page's event of the wrong shape (too many, unknown kind)", async () => {
    fakeBrowser.reset();
    start();
    const event = { at: 1, kind: "error" as const, where: "x", text: "y" };
    const tooMany = await send({ type: "recordDiagnostics", events: Array(21).fill(event) });
    expect(tooMany).toEqual({ ok: false, failure: { code: "malformed-command" } });
    const odd = await send({
      type: "recordDiagnostics",
      events: [{ ...event, kind: "secret" as "error" }],
    });
    expect(odd).toEqual({ ok: false, failure: { code: "malformed-command" } });
  });
});
