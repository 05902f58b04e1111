/** Commands as JSON text (lib/protocol/wire.ts): read back exactly; anything else untouched. */
import { describe, expect, it } from "vitest";
import { fromWire, overWire, toWire } from "../../../lib/protocol/wire";

describe("the wire", () => {
  it("a command goes as one string and comes back equal", () => {
    const command = { type: "setSiteRules", rules: [{ id: "a", text: "ü 😀 \u2028" }] };
    const text = toWire(command);
    expect(typeof text).toBe("string");
    expect(fromWire(text)).toEqual({ value: command, wasText: true });
  });

  it("an object (a test page's message) is taken as it is; text that is not JSON is no command", () => {
    const command = { type: "getState" };
    expect(fromWire(command)).toEqual({ value: command, wasText: false });
    expect(fromWire("{not json")).toEqual({ value: undefined, wasText: true });
  });

  it("a page's sendMessage over the wire sends text and reads the reply back", async () => {
    const seen: unknown[] = [];
    const send = overWire(async (message) => {
      seen.push(message);
      return toWire({ ok: true, data: 1 });
    });
    expect(await send({ type: "x" })).toEqual({ ok: true, data: 1 });
    expect(seen).toEqual(['{"type":"x"}']);
  });
});
