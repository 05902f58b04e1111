/**
 * What a read of `storage.managed` means: a policy, no policy (Firefox's "not found"), or a
 * failure that keeps the last policy in force; and when an answer that worked is taken.
 */
import { describe, expect, it } from "vitest";
import { managedReadOf, readTaken } from "../../../lib/policy/managed-read";

describe("managedReadOf", () => {
  it("takes what the browser gave, a record or nothing", () => {
    expect(managedReadOf({ value: { failClosed: true } })).toEqual({
      ok: true,
      raw: { failClosed: true },
    });
    expect(managedReadOf({ value: undefined })).toEqual({ ok: true, raw: {} });
  });

  it("reads Firefox's missing manifest as no policy, any other rejection as a failure", () => {
    const none = new Error("Managed storage manifest not found");
    expect(managedReadOf({ error: none })).toEqual({ ok: true, raw: {} });
    const io = new Error("IO error: …/LOCK: Not a directory. (ChromeMethodBFE: 15::LockFile::9)");
    expect(managedReadOf({ error: io })).toEqual({ ok: false, error: io.message });
    expect(managedReadOf({ error: { message: "Managed storage manifest not found" } })).toEqual({
      ok: true,
      raw: {},
    });
    expect(managedReadOf({ error: { message: "x" } })).toEqual({ ok: false, error: "x" });
    expect(managedReadOf({ error: undefined })).toEqual({ ok: false, error: "unknown error" });
    expect(managedReadOf({ error: "e".repeat(400) })).toMatchObject({ error: "e".repeat(300) });
  });
});

describe("readTaken", () => {
  const policy = { failClosed: true };
  const failed = { at: 1, error: "IO error" };
  it.each([
    ["a policy, no failure", policy, {}, null, false, true],
    ["empty, no failure (the policy was removed)", {}, policy, null, false, true],
    ["a policy after a failure", policy, policy, failed, false, true],
    ["empty after a failure, over a policy in force", {}, policy, failed, false, false],
    ["empty after a failure, with the change event", {}, policy, failed, true, true],
    ["empty after a failure, nothing in force", {}, {}, failed, false, true],
  ] as const)("%s: %s", (_what, raw, inForce, unread, changeEvent, taken) => {
    expect(readTaken(raw, inForce, unread, changeEvent)).toBe(taken);
  });
});
