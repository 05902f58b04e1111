/**
 * A 407 to a provider call is a proxy's question on the way, not the provider's answer: the
 * sentence says so and what to do, where it used to read "The provider refused (HTTP 407)".
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api/errors";
import { describeFailure } from "../../../lib/i18n/failure-strings";
import { apiFailure } from "../../../lib/protocol/api-failure";

const http = (status: number) => new ApiError({ kind: "http", operation: "deleteToken", status });

describe("a provider call's HTTP status as a failure", () => {
  it("407 is the proxy asking, not the provider refusing", () => {
    const failure = apiFailure(http(407));
    expect(failure).toEqual({ code: "api-proxy-asked" });
    const sentence = describeFailure(failure, "en");
    expect(sentence).toMatch(/proxy .* asked for a sign-in/);
    expect(sentence).not.toMatch(/provider refused/);
  });

  it("another status the client has no word for is still the provider's refusal, with its reason after each language's colon", () => {
    expect(apiFailure(http(409))).toEqual({ code: "api-refused", status: "HTTP 409" });
    const said = new ApiError({
      kind: "http",
      operation: "deleteToken",
      status: 409,
      serverMessage: "token is locked",
    });
    const failure = apiFailure(said);
    expect(failure).toEqual({
      code: "api-refused-because",
      status: "HTTP 409",
      reason: "token is locked",
    });
    expect(describeFailure(failure, "en")).toBe(
      "The provider refused the request (HTTP 409): token is locked.",
    );
    expect(describeFailure(failure, "zh_CN")).toBe(
      "服务商拒绝了请求（HTTP 409）：token is locked。",
    );
    expect(describeFailure(apiFailure(http(409)), "en")).toBe(
      "The provider refused the request (HTTP 409).",
    );
  });
});
