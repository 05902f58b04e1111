import { describe, expect, it } from "vitest";
import { proxyProblem } from "../../../lib/proxy/proxy-error";
import { PROXY_ERROR_CODES } from "../../../lib/state/storage";

describe("proxyProblem", () => {
  it.each([
    { error: "net::ERR_PROXY_CONNECTION_FAILED", code: "proxy-unreachable" },
    { error: "net::ERR_TUNNEL_CONNECTION_FAILED", code: "proxy-unreachable" },
    { error: "ERR_PROXY_CONNECTION_REFUSED", code: "proxy-unreachable" },
    { error: "net::ERR_SOCKS_CONNECTION_FAILED", code: "proxy-unreachable" },
    { error: "net::ERR_NAME_NOT_RESOLVED", code: "proxy-unreachable" },
    { error: "net::ERR_CONNECTION_REFUSED", code: "proxy-unreachable" },
    { error: "net::ERR_PROXY_AUTH_UNSUPPORTED", code: "credentials-refused" },
    { error: "net::ERR_PROXY_AUTH_REQUESTED", code: "credentials-refused" },
    { error: "NS_ERROR_PROXY_AUTHENTICATION_FAILED", code: "credentials-refused" },
    { error: "net::ERR_PROXY_CERTIFICATE_INVALID", code: "proxy-error" },
    { error: "NS_ERROR_UNKNOWN_PROXY_HOST", code: "proxy-error" },
    { error: "", code: "proxy-error" },
  ] as const)("$error → $code", ({ error, code }) => {
    const problem = proxyProblem(error);
    expect(problem.code).toBe(code);
    expect(PROXY_ERROR_CODES).toContain(problem.code);
    expect(problem.message.length).toBeGreaterThan(10);
  });

  it("unreachable and refused sentences tell the user what to do", () => {
    expect(proxyProblem("net::ERR_PROXY_CONNECTION_FAILED").message).toMatch(/cannot be reached/);
    expect(proxyProblem("net::ERR_PROXY_AUTH_UNSUPPORTED").message).toMatch(
      /refused this token's username or password/,
    );
  });

  it("an unknown error names the browser's error in the sentence", () => {
    expect(proxyProblem("net::ERR_WEIRD_THING").message).toContain("net::ERR_WEIRD_THING");
  });
});
