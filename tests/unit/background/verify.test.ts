/**
 * Verify against the sandbox over real HTTP: each group of the API is asked on its own, with
 * no effect, and a refusal names the scheme that was refused.
 */
import { describe, expect, it } from "vitest";
import { verifyAccess } from "../../../lib/background/verify";
import { useSandbox } from "../api/sandbox-harness";

const { sandbox, control, client, state } = useSandbox();

const codes = (report: Awaited<ReturnType<typeof verifyAccess>>) =>
  Object.fromEntries(report.groups.map((g) => [g.group, g.failure?.code ?? "works"]));

describe("verifyAccess", () => {
  it("good Bearer credentials: every group works, the account answers, nothing changes", async () => {
    const before = await state();
    const report = await verifyAccess(client().api);
    expect(codes(report)).toEqual({
      tokens: "works",
      lookups: "works",
      quality: "works",
      account: "works",
    });
    expect(report.account).not.toBeNull();
    expect((await state()).tokens).toEqual(before.tokens);
  });

  it("Basic credentials where the provider takes them for the account only", async () => {
    await control("POST", "/__sandbox/quirks", { strict_auth: true });
    const { username, password } = sandbox();
    const report = await verifyAccess(client({ auth: { kind: "basic", username, password } }).api);
    expect(codes(report)).toEqual({
      tokens: "api-unauthorized-basic",
      lookups: "api-unauthorized-basic",
      quality: "api-unauthorized-basic",
      account: "works",
    });
  });

  it("a wrong access token: every group refused, as Bearer", async () => {
    const report = await verifyAccess(
      client({ auth: { kind: "bearer", accessToken: "wrong" } }).api,
    );
    expect(new Set(Object.values(codes(report)))).toEqual(new Set(["api-unauthorized-bearer"]));
    expect(report.account).toBeNull();
  });
});
