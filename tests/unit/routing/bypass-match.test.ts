/**
 * The bypass list read as Chrome reads it (bypass-match.ts), and the PAC script's ES5 copy of
 * that reading (pac.ts) run as Chrome runs it: both give the same answer for random entries
 * and addresses.
 */
import vm from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bypassesUrl, parseBypassEntry, parseBypassList } from "../../../lib/routing/bypass-match";
import { pacScript } from "../../../lib/routing/pac";

function pacBypasses(list: string[]): (url: string) => boolean {
  const context = vm.createContext({});
  vm.runInContext(
    pacScript([], () => "DIRECT", "PROXY", parseBypassList(list)),
    context,
  );
  const find = (context as { FindProxyForURL: (url: string, host: string) => string })
    .FindProxyForURL;
  return (url) => find(url, new URL(url).hostname) === "DIRECT";
}

const HOSTS = ["a.example", "b.a.example", "example", "intranet", "10.1.2.3", "[::1]"];
const URLS = HOSTS.flatMap((host) =>
  ["http", "https"].flatMap((scheme) =>
    ["", ":80", ":443", ":8080"].map((port) => `${scheme}://${host}${port}/p?q`),
  ),
);
const entry = fc.oneof(
  fc.constantFrom("<local>", "<-loopback>", "10.0.0.0/8", "10.1.0.0/16", "::/0", "::1/128"),
  fc
    .record({
      scheme: fc.constantFrom("", "http://", "https://"),
      host: fc.constantFrom(
        "a.example",
        "*.example",
        ".example",
        "*example",
        "b.a.*",
        "?.example",
        "10.1.2.3",
        "[::1]",
        "[0:0::1]",
        "intranet",
      ),
      port: fc.constantFrom("", ":80", ":443", ":8080"),
    })
    .map(({ scheme, host, port }) => `${scheme}${host}${port}`),
);

describe("bypass entries", () => {
  it("read as Chrome reads them: a suffix form, an IP however written, a range", () => {
    expect(parseBypassEntry(".example.com")).toMatchObject({ host: "*.example.com" });
    expect(parseBypassEntry("[0:0::1]:99")).toEqual(parseBypassEntry("[::1]:99"));
    expect(parseBypassEntry("10.0.0.77/8")).toEqual(parseBypassEntry("10.0.0.0/8"));
    expect(parseBypassEntry("10.0.0.0/33")).toBeNull();
    expect(parseBypassEntry("example.com:99999")).toBeNull();
  });

  it("the PAC script's copy answers as the matcher does, on random lists and addresses", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (list) => {
        const pac = pacBypasses(list);
        for (const url of URLS) expect(pac(url), `${url} ${list}`).toBe(bypassesUrl(url, list));
      }),
      { numRuns: 300 },
    );
  });
});
