/** What of an address the log keeps (lib/traffic/scrub.ts): no secret ever shown. */
import { describe, expect, it } from "vitest";
import { hostOf, shownUrl } from "../../../lib/traffic/scrub";

describe("addresses in the log", () => {
  it("keeps the host only by default", () => {
    expect(hostOf("https://user:pw@api.example:8443/v1?key=s3cret")).toBe("api.example");
    expect(hostOf("not a url")).toBe("");
  });

  it("a full URL loses its login, fragment and secret-looking query values", () => {
    const shown = shownUrl(
      "https://user:pw@api.example/v1/items?page=2&api_key=s3cret&access_token=t0k&sig=abc#frag",
    );
    expect(shown).not.toMatch(/pw|user|s3cret|t0k|abc|frag/);
    expect(shown).toContain("page=2");
    expect(shown).toContain("api.example/v1/items");
  });
});
