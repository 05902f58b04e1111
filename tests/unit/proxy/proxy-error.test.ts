import { describe, expect, it } from "vitest";
import { describeFailure } from "../../../lib/i18n/failure-strings";
import { proxyProblem } from "../../../lib/proxy/proxy-error";

describe("proxyProblem", () => {
  it.each([
    { error: "net::ERR_PROXY_CONNECTION_FAILED", code: "proxy-unreachable" },
    { error: "net::ERR_TUNNEL_CONNECTION_FAILED", code: "proxy-unreachable" },
    { error: "ERR_PROXY_CONNECTION_REFUSED", code: "proxy-unreachable" },
    { error: "net::ERR_SOCKS_CONNECTION_FAILED", code: "proxy-unreachable" },
    { error: "net::ERR_NAME_NOT_RESOLVED", code: "proxy-unreachable" },
    { error: "net::ERR_CONNECTION_REFUSED", code: "proxy-unreachable" },
    // Not a refusal: only a 407 to our own answer is (lib/proxy/auth-responder.ts).
    { error: "net::ERR_PROXY_AUTH_UNSUPPORTED", code: "proxy-error" },
    { error: "net::ERR_PROXY_AUTH_REQUESTED", code: "proxy-error" },
    { error: "NS_ERROR_PROXY_AUTHENTICATION_FAILED", code: "proxy-error" },
    { error: "net::ERR_PROXY_CERTIFICATE_INVALID", code: "proxy-error" },
    { error: "NS_ERROR_UNKNOWN_PROXY_HOST", code: "proxy-error" },
    { error: "", code: "proxy-error" },
  ] as const)("$error → $code", ({ error, code }) => {
    const problem = proxyProblem(error, "gw.example.net:8000");
    expect(problem.code).toBe(code);
    // Every code has a sentence in both languages.
    expect(describeFailure(problem, "en").length).toBeGreaterThan(10);
    expect(describeFailure(problem, "zh_CN")).not.toBe(describeFailure(problem, "en"));
  });

  it("unreachable names the proxy; an auth error names the browser's error", () => {
    const unreachable = proxyProblem("net::ERR_PROXY_CONNECTION_FAILED", "gw.example.net:8000");
    expect(unreachable).toEqual({ code: "proxy-unreachable", host: "gw.example.net:8000" });
    expect(describeFailure(unreachable, "en")).toMatch(/gw\.example\.net:8000 cannot be reached/);
    const auth = describeFailure(proxyProblem("net::ERR_PROXY_AUTH_UNSUPPORTED", ""), "en");
    expect(auth).toContain("net::ERR_PROXY_AUTH_UNSUPPORTED");
    expect(auth).not.toMatch(/refused/);
  });

  it("an unknown error names the browser's error in the sentence", () => {
    const problem = proxyProblem("net::ERR_WEIRD_THING", "");
    expect(describeFailure(problem, "en")).toContain("net::ERR_WEIRD_THING");
  });
});
