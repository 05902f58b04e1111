/**
 * The scrubber against hostile text: whatever an error message carries, the event keeps no
 * secret and no address beyond its host.
 */
import { describe, expect, it } from "vitest";
import {
  REDACTED,
  scrubText,
  scrubWhere,
  TEXT_MAX,
  WHERE_MAX,
} from "../../../lib/diagnostics/scrub";

/** Secrets planted in the inputs below: none may survive. */
const SECRETS = ["hunter2", "s3cr3t", "tok-9f8e7d", "AKIA1234", "dXNlcjpwYXNz", "p4ss"];
const noSecret = (text: string) => {
  for (const secret of SECRETS) expect(text, text).not.toContain(secret);
};

describe("scrubText: addresses", () => {
  it.each([
    ["https://user:hunter2@gw.example.com:8080/path/to?token=s3cr3t#frag", "gw.example.com:8080"],
    ["http://gw.example.com/a/b/c", "gw.example.com"],
    ["HTTPS://USER:HUNTER2@API.EXAMPLE.NET/v1", "api.example.net"],
    ["socks5://alice:hunter2@10.0.0.1:1080", "10.0.0.1:1080"],
    ["http://[2001:db8::1]:3128/?key=s3cr3t", "[2001:db8::1]:3128"],
    ["https://gw.test/path@evil.test/x", "gw.test"],
    ["https://a:b@c:hunter2@gw.test/", "gw.test"],
    ["chrome-extension://abc/options.html#secret", "abc"],
    ["https://user:hun", "[url]"],
  ])("%s → its host", (url, host) => {
    expect(scrubText(`failed at ${url} now`)).toBe(`failed at ${host} now`);
  });

  it("keeps no path or query of an address without a scheme", () => {
    expect(scrubText("GET gw.example.com/private/list.txt?sig=s3cr3t")).toBe("GET gw.example.com");
    expect(scrubText("fetch /v1/tokens?api_key=s3cr3t&x=1 failed")).toBe("fetch /v1/tokens failed");
  });

  it("keeps no content of a data: address", () => {
    expect(scrubText("loaded data:text/plain;base64,aHVudGVyMg== badly")).toBe(
      "loaded [data] badly",
    );
  });

  it("keeps no user:password@ outside an address", () => {
    const text = scrubText("proxy alice:hunter2@gw.example.com refused; bob@gw.test too");
    noSecret(text);
    expect(text).toBe(`proxy ${REDACTED}@gw.example.com refused; ${REDACTED}@gw.test too`);
  });

  it("keeps no login of a proxy line (host:port:user:password)", () => {
    expect(scrubText("line 3: gw.example.com:8000:alice:hunter2 refused")).toBe(
      `line 3: gw.example.com:8000:${REDACTED} refused`,
    );
  });
});

describe("scrubText: secrets", () => {
  it.each([
    "Authorization: Bearer tok-9f8e7d",
    "Authorization: tok-9f8e7d",
    "Proxy-Authorization: Negotiate dXNlcjpwYXNz",
    "authorization=Basic dXNlcjpwYXNz",
    'headers {"Proxy-Authorization":"Basic dXNlcjpwYXNz"}',
    "sent Bearer tok-9f8e7d.abc to the provider",
    "password=hunter2",
    'PASSWORD: "hunter2 with spaces"',
    '{"username":"alice","password":"hunter2","accessToken":"tok-9f8e7d"}',
    "api_key=AKIA1234&user=alice",
    "x-api-key: AKIA1234",
    "client_secret='s3cr3t'",
    "session_id=s3cr3t; cookie: p4ss",
    "pass=p4ss pwd=p4ss secret=s3cr3t token=tok-9f8e7d",
  ])("%s", (input) => {
    const text = scrubText(input);
    noSecret(text);
    expect(text).toContain(REDACTED);
  });

  it("hides a long opaque run (a key, a hash) with nothing to read in it", () => {
    const key = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    expect(scrubText(`key ${key} was refused`)).toBe(`key ${REDACTED} was refused`);
  });

  it("leaves ordinary words alone", () => {
    for (const text of [
      "token #12 applied; bypass rule *.local kept; gateway gw.test:8000 asked again",
      "net::ERR_MANDATORY_PROXY_CONFIGURATION_FAILED at the gateway",
      "TypeError: Cannot read properties of undefined (reading 'id')",
    ]) {
      expect(scrubText(text)).toBe(text);
    }
  });
});

describe("scrubText: shape", () => {
  it("one line: control characters and line breaks become spaces", () => {
    expect(scrubText("first\nsecond\r\n\tthird\u0000\u2028fourth")).toBe(
      "first second third fourth",
    );
  });

  it("bounded: long text is cut with an ellipsis, never in the middle of a character", () => {
    const long = "é".repeat(TEXT_MAX * 3);
    const text = scrubText(long);
    expect([...text]).toHaveLength(TEXT_MAX);
    expect(text.endsWith("…")).toBe(true);
    const emoji = scrubText("😀".repeat(TEXT_MAX + 5));
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("a megabyte of text costs little and its cut word goes too (half a secret is a secret)", () => {
    const huge = `${"word ".repeat(799)}password${"x".repeat(1_000_000)}`;
    const started = performance.now();
    const text = scrubText(huge);
    expect(performance.now() - started).toBeLessThan(200);
    expect(text).not.toContain("password");
    expect(text).not.toContain("xxxx");
  });

  it("reads no further than its input bound, whatever the output's bound", () => {
    const text = scrubText(`${"word ".repeat(1_000)}TAIL`, 100_000);
    expect(text).not.toContain("TAIL");
    expect(text.length).toBeLessThanOrEqual(4_000);
  });

  it("takes anything thrown at it as text", () => {
    expect(scrubText(String(undefined))).toBe("undefined");
    expect(scrubText("")).toBe("");
  });
});

describe("scrubWhere", () => {
  it("names code, never data: a URL becomes its host, odd characters go, bounded", () => {
    expect(scrubWhere("options:backup")).toBe("options:backup");
    expect(scrubWhere("https://user:hunter2@gw.test/x?y=1")).toBe("gw.test");
    expect(scrubWhere("a b/c")).toBe("a_b_c");
    expect(scrubWhere("a.".repeat(500))).toHaveLength(WHERE_MAX);
    expect(scrubWhere("")).toBe("unknown");
  });
});
