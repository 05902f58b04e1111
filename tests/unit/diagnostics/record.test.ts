import { afterEach, describe, expect, it, vi } from "vitest";
import { messageOf, withText } from "../../../lib/diagnostics/message";
import {
  type RecordedEvent,
  recordEvent,
  recordedAs,
  recordFailure,
  setDiagnosticsSink,
} from "../../../lib/diagnostics/record";
import { pageSink } from "../../../lib/protocol/page-diagnostics";
import type { Send } from "../../../lib/protocol/send";

afterEach(() => setDiagnosticsSink(null));

describe("recordFailure", () => {
  it("is safe anywhere: a sink that throws does not reach the caller", () => {
    setDiagnosticsSink(() => {
      throw new Error("page closing");
    });
    expect(() => recordFailure("x", new Error("y"))).not.toThrow();
  });

  it("keeps what comes before a sink, and hands it over once there is one", () => {
    recordFailure("early", new TypeError("at start"));
    const seen: RecordedEvent[] = [];
    setDiagnosticsSink((event) => seen.push(event));
    recordEvent("wake", "background", "started");
    expect(seen.map(withText).map((e) => [e.kind, e.where, e.text])).toEqual([
      ["error", "early", "TypeError: at start"],
      ["wake", "background", "started"],
    ]);
  });

  it("recordedAs: for a promise's catch, records and resolves", async () => {
    const seen: RecordedEvent[] = [];
    setDiagnosticsSink((event) => seen.push(event));
    await expect(Promise.reject(new Error("nope")).catch(recordedAs("sync:run"))).resolves.toBe(
      undefined,
    );
    expect(withText(seen[0] as RecordedEvent)).toMatchObject({
      kind: "error",
      where: "sync:run",
      text: "nope",
    });
  });

  it.each([
    [new Error("plain"), "plain"],
    [new RangeError("ranged"), "RangeError: ranged"],
    ["a string", "a string"],
    [{ code: "api-network", origin: "https://x" }, "api-network"],
    [{ password: "hunter2" }, "object"],
    [null, "null"],
    [undefined, "undefined"],
    [42, "number"],
  ])("messageOf(%j) → %j: never the object's own fields", (error, text) => {
    expect(messageOf(error)).toBe(text);
  });

  it("messageOf: an error whose message getter throws", () => {
    const hostile = Object.create(Error.prototype, {
      message: {
        get() {
          throw new Error("boom");
        },
      },
    });
    expect(messageOf(hostile)).toBe("unreadable error");
  });
});

describe("a page's sink", () => {
  it("sends the same turn's events to the background in one command, tagged with the page", async () => {
    vi.useFakeTimers();
    try {
      const sent: unknown[] = [];
      const send = (async (command: unknown) => {
        sent.push(command);
        return { ok: true, data: null };
      }) as Send;
      setDiagnosticsSink(pageSink(send, "options"));
      recordFailure("backup:export", new Error("one"));
      recordFailure("rules:read-file", new Error("two"));
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toEqual([
        {
          type: "recordDiagnostics",
          events: [
            expect.objectContaining({ kind: "error", where: "options:backup:export", text: "one" }),
            expect.objectContaining({ where: "options:rules:read-file", text: "two" }),
          ],
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
