/** How a request ended, in the log's words (lib/traffic/outcome.ts). */
import { describe, expect, it } from "vitest";
import { isFailure } from "../../../lib/traffic/entry";
import { outcomeOfError, outcomeOfStatus } from "../../../lib/traffic/outcome";

const proxy = { kind: "proxy", tokenId: 3 } as const;

describe("outcomes", () => {
  it("a status: ok below 400, the site's error above, and a final 407 through a token is a refused login", () => {
    expect(outcomeOfStatus(200, proxy)).toEqual({ kind: "ok", status: 200 });
    expect(outcomeOfStatus(404, { kind: "direct" })).toEqual({ kind: "http-error", status: 404 });
    expect(outcomeOfStatus(407, proxy)).toEqual({ kind: "login-refused" });
    // A direct request that ends in 407 is some other proxy's business, not our login.
    expect(outcomeOfStatus(407, { kind: "direct" })).toEqual({ kind: "http-error", status: 407 });
  });

  it("an error: blocked when sent nowhere, the proxy's fault when at the proxy, the browser's reason otherwise", () => {
    expect(outcomeOfError("net::ERR_PROXY_CONNECTION_FAILED", { kind: "block" }, false)).toEqual({
      kind: "blocked",
    });
    expect(outcomeOfError("NS_ERROR_PROXY_CONNECTION_REFUSED", proxy, false)).toEqual({
      kind: "proxy-unreachable",
      error: "NS_ERROR_PROXY_CONNECTION_REFUSED",
    });
    expect(outcomeOfError("net::ERR_TUNNEL_CONNECTION_FAILED", proxy, true)).toEqual({
      kind: "login-refused",
    });
    expect(outcomeOfError("net::ERR_NAME_NOT_RESOLVED", { kind: "direct" }, false)).toEqual({
      kind: "failed",
      error: "net::ERR_NAME_NOT_RESOLVED",
    });
  });

  it("stopped by the page, the user or the browser's own checks is no failure of the route", () => {
    for (const error of ["net::ERR_ABORTED", "NS_BINDING_ABORTED", "net::ERR_BLOCKED_BY_ORB"]) {
      const outcome = outcomeOfError(error, proxy, false);
      expect(outcome).toEqual({ kind: "cancelled" });
      expect(isFailure(outcome)).toBe(false);
    }
    // Chrome cancels a request whose login we refused: that one is the refusal.
    expect(outcomeOfError("net::ERR_ABORTED", proxy, true)).toEqual({ kind: "login-refused" });
  });
});
