/** What a probe request's end says about a token (lib/health/probe-outcome.ts). */
import { describe, expect, it } from "vitest";
import { loginOutcome } from "../../../lib/health/probe-outcome";

describe("loginOutcome", () => {
  it("takes any answer but a 407 as the gateway taking the login", () => {
    for (const status of [200, 404, 429, 502, 503]) {
      expect(loginOutcome({ kind: "status", status }, false)).toBeNull();
    }
  });

  it("reads a final 407, a refused login and the browser's auth errors as a refusal", () => {
    expect(loginOutcome({ kind: "status", status: 407 }, false)).toEqual({ kind: "login-refused" });
    expect(loginOutcome({ kind: "status", status: 200 }, true)).toEqual({ kind: "login-refused" });
    expect(
      loginOutcome({ kind: "error", error: "net::ERR_PROXY_AUTH_UNSUPPORTED" }, false),
    ).toEqual({ kind: "login-refused" });
  });

  it("tells an unreachable gateway from other failures, in the browser's words", () => {
    for (const error of [
      "net::ERR_PROXY_CONNECTION_FAILED",
      "NS_ERROR_PROXY_CONNECTION_REFUSED",
      "net::ERR_CONNECTION_RESET",
      "NS_ERROR_UNKNOWN_PROXY_HOST",
    ]) {
      expect(loginOutcome({ kind: "error", error }, false)).toEqual({ kind: "unreachable", error });
    }
    expect(loginOutcome({ kind: "error", error: "net::ERR_INVALID_RESPONSE" }, false)).toEqual({
      kind: "failed",
      error: "net::ERR_INVALID_RESPONSE",
    });
    expect(loginOutcome({ kind: "timeout", afterMs: 10_000 }, false)).toEqual({
      kind: "timeout",
      afterMs: 10_000,
    });
  });
});
