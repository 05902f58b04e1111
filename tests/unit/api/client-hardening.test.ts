/**
 * The client's guards against the sandbox over real HTTP: redirects are refused (the user's
 * credentials go nowhere but the configured provider), bodies are capped and the timeout covers
 * reading them, and answers a real provider may send (an empty dynamic ip, an IPv6 gateway host)
 * are accepted.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../../lib/api/read-body";
import { failure, userSentence } from "./helpers";
import { useSandbox } from "./sandbox-harness";

const { sandbox, control, client, state, addFault, pendingFaults } = useSandbox();

/** Another origin that records whatever reaches it. Nothing ever should. */
let elsewhere: { server: Server; origin: string; seen: { url: string; auth?: string }[] };
beforeAll(async () => {
  const seen: { url: string; auth?: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", auth: req.headers.authorization });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: 0, msg: "from elsewhere", data: { data: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  elsewhere = { server, origin: `http://127.0.0.1:${port}`, seen };
});
afterAll(async () => {
  await new Promise((resolve) => elsewhere.server.close(resolve));
});

const redirectSentence = () =>
  "The provider answered with a redirect to another address; Proxy Deck does not follow it with your credentials. Check the base URL in Options.";

describe("redirects are refused, never followed", () => {
  it.each([301, 302, 303, 307, 308])(
    "a %i on a create: a redirect error, no token, nothing reaches the other origin",
    async (status) => {
      const { api } = client({ maxAttempts: 5 });
      await addFault({ redirect_to: elsewhere.origin, redirect_status: status });
      const error = await failure(api.createStaticIp({ number: 1, country_id: 1 }));
      expect(error).toMatchObject({ kind: "redirect", status, operation: "createStaticIp" });
      expect(userSentence(error)).toBe(redirectSentence());
      expect(error.message).toContain(`redirect to ${elsewhere.origin}`);
      expect(elsewhere.seen).toEqual([]);
      expect((await state()).tokens).toEqual([]);
    },
  );

  it("a GET is not retried into it: one redirect fault is used, the rest stay queued", async () => {
    const { api, delays } = client({ maxAttempts: 3 });
    await addFault({ redirect_to: elsewhere.origin, count: 3 });
    expect((await failure(api.listCountries())).kind).toBe("redirect");
    expect(delays).toEqual([]);
    expect(await pendingFaults()).toHaveLength(1);
    expect(elsewhere.seen).toEqual([]);
  });

  it("the IP check, which sends no credentials, does not follow one either", async () => {
    const { api } = client();
    await addFault({ redirect_to: elsewhere.origin });
    const error = await failure(api.getIpInfo());
    expect(error).toMatchObject({ kind: "redirect", status: 302, operation: "getIpInfo" });
    expect(elsewhere.seen).toEqual([]);
  });
});

describe("answer size", () => {
  it("an answer past the limit is refused, and the client stops reading it", async () => {
    const { api } = client({ maxAttempts: 3 });
    await addFault({ oversize_bytes: 256 * 1024 * 1024 });
    const error = await failure(api.listCountries());
    expect(error.kind).toBe("too-large");
    expect(error.message).toContain(`the limit is ${MAX_BODY_BYTES} bytes`);
    const progress = async () =>
      (await control<{ last_oversize: Record<string, unknown> }>("GET", "/__sandbox/faults"))
        .last_oversize;
    await expect.poll(async () => (await progress())?.client_closed).toBe(true);
    expect(await progress()).toMatchObject({ finished: false });
    // Not retried: the same server would send the same answer.
    expect(await pendingFaults()).toEqual([]);
    expect((await state()).request_count).toBe(1);
  });

  it("an answer under the limit is read whole, however many chunks it comes in", async () => {
    const { api } = client();
    await addFault({ oversize_bytes: MAX_BODY_BYTES - 64 * 1024 });
    expect((await api.listCountries({ page_size: 100 })).length).toBeGreaterThan(5);
  });

  it("the timeout covers the body: headers in time, then a trickle, is a timeout", async () => {
    const { api } = client({ timeoutMs: 300, maxAttempts: 1 });
    await addFault({ oversize_bytes: 1024 * 1024, chunk_delay_ms: 100 });
    const started = Date.now();
    const error = await failure(api.getAccountInfo());
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe("answers the spec does not forbid", () => {
  it("a dynamic create answering ip '' is accepted, not rejected as a whole", async () => {
    const { api } = client();
    await control("POST", "/__sandbox/quirks", { empty_dynamic_ip: 2 });
    const ip = await api.createDynamicIp({ number: 2, country_id: 1 });
    expect(ip.tokens.map((t) => t.ip)).toEqual(["", ""]);
    const traffic = await api.createDynamicTraffic({ number: 1, country_id: 1 });
    expect(traffic.tokens[0]).toMatchObject({ ip: "", traffic_used: 0 });
    // The provider did create them; the client has them all.
    expect((await state()).tokens).toHaveLength(3);
  });

  it("a static create answering an IPv6 literal host is accepted as it is", async () => {
    const { api } = client();
    await control("POST", "/__sandbox/quirks", { ipv6_host: 1 });
    const {
      tokens: [token],
    } = await api.createStaticIp({ number: 1, country_id: 1 });
    expect(token?.host).toBe("::1");
    expect(token?.port).toBe(sandbox().proxyPort);
  });

  it("a token whose password the gateway refuses is still listed by the API", async () => {
    const { api } = client();
    const {
      tokens: [token],
    } = await api.createStaticTraffic({ number: 1, country_id: 1 });
    await control("POST", "/__sandbox/gateway/refuse-password", { token_id: token?.id });
    expect(await api.getProxies()).toHaveLength(1);
    expect((await state()).tokens[0]?.status).toBe("active");
  });
});
