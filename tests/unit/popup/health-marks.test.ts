/** The popup's health marks (lib/popup/health-marks.ts): the stored text read without zod, and marks. */
import { describe, expect, it } from "vitest";
import { healthResultsSchema, healthRunSchema } from "../../../lib/health/health";
import { healthTranslate } from "../../../lib/i18n/health-strings";
import { healthMarks, readResults, readRun, runningLine } from "../../../lib/popup/health-marks";
import { makeToken } from "../stored-token";

const t = healthTranslate("en");
const stored = {
  "1": { at: 5, outcome: { kind: "ok", latencyMs: 41.7, exitIp: null } },
  "2": { at: 5, outcome: { kind: "login-refused" } },
  "3": { at: 5, outcome: { kind: "not-checked", why: "gateway-in-use" } },
  "4": { at: 5, outcome: { kind: "timeout", afterMs: 10_000 } },
};

describe("the popup's health marks", () => {
  it("reads the stored JSON text as the schema does, leaving out what has another shape", () => {
    const text = JSON.stringify({
      ...stored,
      "5": { at: "soon", outcome: { kind: "ok" } },
      "6": { at: 1, outcome: { kind: "on fire" } },
      "7": { at: 1, outcome: { kind: "unreachable" } },
    });
    const read = readResults(text);
    expect(read).toEqual(stored);
    expect(healthResultsSchema.safeParse(read).success).toBe(true);
    expect(readResults("{not json")).toEqual({});
    expect(readResults(undefined)).toEqual({});
    expect(readResults("[1,2]")).toEqual({});
  });

  it("reads the run, or nothing for another shape", () => {
    const run = {
      worker: "w",
      startedAt: 1,
      total: 3,
      done: 1,
      state: "running",
      waitingUntil: null,
    };
    expect(readRun(run)).toEqual(run);
    expect(healthRunSchema.safeParse(readRun(run)).success).toBe(true);
    expect(readRun({ ...run, state: "lost" })).toBeNull();
    expect(readRun(null)).toBeNull();
    expect(runningLine(readRun(run), t)).toBe("1 of 3 checked");
    expect(runningLine(readRun({ ...run, state: "done" }), t)).toBeNull();
  });

  it("marks each token with a result: latency, a short word, the sentence as its title", () => {
    const tokens = [1, 2, 3, 4, 9].map((id) => makeToken({ id, host: "127.0.0.1", port: 80 }));
    const marks = healthMarks(
      tokens,
      readResults(JSON.stringify(stored)),
      { "localhost:80": 1 },
      t,
    );
    expect(marks.get(1)).toEqual({ text: "42 ms", title: "Works: 42 ms", tone: "ok" });
    expect(marks.get(2)).toEqual({
      text: "login refused",
      title: "Login refused: the gateway did not accept this token's password",
      tone: "bad",
    });
    expect(marks.get(3)?.tone).toBe("skipped");
    expect(marks.get(3)?.title).toContain("login (#1)");
    expect(marks.get(4)).toMatchObject({ text: "no answer", tone: "bad" });
    expect(marks.has(9)).toBe(false);
  });
});
