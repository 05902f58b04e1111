/**
 * The request loop's guards with a fake fetch, for what a real server cannot show in Node: the
 * browser's opaque redirect, a declared Content-Length, and the exact byte limit. The same
 * guards against the sandbox over real HTTP are in client-hardening.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createApiClient, type FetchLike } from "../../../lib/api";
import { MAX_BODY_BYTES, readBodyText } from "../../../lib/api/read-body";
import { fakeFetch } from "./fake-fetch";
import { failure, userSentence } from "./helpers";
import * as sample from "./samples";

const BASE = "https://api.example.net";

function clientWith(fetch: FetchLike) {
  return createApiClient(
    { baseUrl: BASE, auth: { kind: "bearer", accessToken: "tok-1234" }, maxAttempts: 3 },
    { fetch, sleep: async () => {} },
  );
}

/** A body that counts how often it is read from and never ends on its own. */
function countingStream(chunk: Uint8Array) {
  const seen = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulls++;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("redirects", () => {
  it("fetch is told not to follow them, and not to send cookies", async () => {
    const f = fakeFetch([{ json: sample.ipInfoResponse }, { json: sample.countryListResponse }]);
    const api = clientWith(f.fetch);
    await api.getIpInfo();
    await api.listCountries();
    for (const call of f.calls) {
      expect(call.redirect).toBe("manual");
      expect(call.credentials).toBe("omit");
    }
  });

  it("a browser's opaque redirect (status 0, no Location) is a redirect error, not retried", async () => {
    let calls = 0;
    const opaque: FetchLike = async () => {
      calls++;
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, "type", { value: "opaqueredirect" });
      Object.defineProperty(response, "status", { value: 0 });
      return response;
    };
    const error = await failure(clientWith(opaque).listCountries());
    expect(error).toMatchObject({
      kind: "redirect",
      status: undefined,
      operation: "listCountries",
    });
    expect(userSentence(error)).toBe(
      "The provider answered with a redirect to another address; Proxy Deck does not follow it with your credentials. Check the base URL in Options.",
    );
    expect(error.message).toMatch(/an address the browser does not reveal/);
    expect(calls).toBe(1);
  });

  it("a visible 3xx names only the target's origin, never its path or query", async () => {
    const f = fakeFetch([
      { status: 307, headers: { location: "https://evil.example/steal?key=tok-1234" } },
    ]);
    const error = await failure(clientWith(f.fetch).createStaticIp({ number: 1, country_id: 1 }));
    expect(error).toMatchObject({ kind: "redirect", status: 307 });
    expect(error.message).toContain("redirect to https://evil.example");
    expect(
      JSON.stringify({ ...error, message: error.message, sentence: userSentence(error) }),
    ).not.toContain("tok-1234");
  });

  it.each([300, 305])("a %i with a usable body is refused all the same", async (status) => {
    const f = fakeFetch([{ status, json: { code: 0, data: {} } }]);
    const error = await failure(clientWith(f.fetch).getAccountInfo());
    expect(error).toMatchObject({ kind: "redirect", status });
    expect(error.message).toMatch(/an address the browser does not reveal/);
  });
});

describe("body size", () => {
  it("a declared Content-Length over the limit is refused without reading the body", async () => {
    const { stream, seen } = countingStream(new Uint8Array(1024));
    const fetch: FetchLike = async () =>
      new Response(stream, { headers: { "content-length": String(MAX_BODY_BYTES + 1) } });
    const error = await failure(clientWith(fetch).listCountries());
    expect(error.kind).toBe("too-large");
    expect(userSentence(error)).toBe(
      "The provider's answer was far larger than any real answer, so Proxy Deck did not read it. Try again later.",
    );
    expect(seen.pulls).toBeLessThanOrEqual(1); // a stream may pre-pull once on creation
    expect(seen.cancelled).toBe(true);
  });

  it("an endless body stops at the limit, is cancelled, and is not retried", async () => {
    const streams: ReturnType<typeof countingStream>[] = [];
    const fetch: FetchLike = async () => {
      const s = countingStream(new Uint8Array(64 * 1024).fill(32));
      streams.push(s);
      return new Response(s.stream, { status: 200 });
    };
    const error = await failure(clientWith(fetch).listCountries());
    expect(error.kind).toBe("too-large");
    expect(streams).toHaveLength(1);
    const [only] = streams;
    expect(only?.seen.cancelled).toBe(true);
    // 2 MiB in 64 KiB chunks: 32 fit, the 33rd passes the limit.
    expect(only?.seen.pulls).toBeLessThanOrEqual(MAX_BODY_BYTES / (64 * 1024) + 2);
  });

  it("the limit is inclusive: exactly maxBytes reads, one byte more does not", async () => {
    const body = (n: number) => new Response("x".repeat(n));
    expect(await readBodyText(body(10), "op", 10)).toBe("x".repeat(10));
    const error = await readBodyText(body(11), "op", 10).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "too-large", operation: "op" });
  });

  it("decodes like response.text(): UTF-8 split across chunks, BOM dropped, no body is ''", async () => {
    const bytes = new TextEncoder().encode('\uFEFF{"name":"São Paulo 東京"}');
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    expect(await readBodyText(new Response(split), "op")).toBe('{"name":"São Paulo 東京"}');
    expect(await readBodyText(new Response(null, { status: 204 }), "op")).toBe("");
  });
});
