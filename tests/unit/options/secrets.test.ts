import { describe, expect, it } from "vitest";
import { describeAuth, maskSecret } from "../../../lib/options/secrets";

describe("maskSecret", () => {
  it.each([
    ["", ""],
    ["a", "••••••••"],
    ["short-pass1", "••••••••"],
    ["0123456789ab", "••••••••89ab"],
    ["a-very-long-access-token-xyz9", "••••••••xyz9"],
  ])("%j → %j", (secret, masked) => {
    expect(maskSecret(secret)).toBe(masked);
  });

  it("never shows more than the last four characters, whatever the length", () => {
    for (let length = 1; length < 80; length++) {
      const secret = `${"s".repeat(length - 1)}Z`;
      const masked = maskSecret(secret);
      expect(masked.replace(/•/g, "").length).toBeLessThanOrEqual(4);
      expect(masked.length).toBeLessThanOrEqual(12); // the length is not given away
    }
  });
});

describe("describeAuth", () => {
  it("masks the token and the password, keeps the username", () => {
    expect(describeAuth(null)).toEqual({ kind: "none" });
    expect(describeAuth({ kind: "bearer", accessToken: "tok_1234567890abcd" })).toEqual({
      kind: "bearer",
      token: "••••••••abcd",
    });
    const basic = describeAuth({ kind: "basic", username: "alice", password: "hunter2" });
    expect(basic).toEqual({ kind: "basic", username: "alice", password: "••••••••" });
    expect(JSON.stringify(basic)).not.toContain("hunter2");
  });
});
