/**
 * The proxy-challenge answer as the browsers' listeners call it, over real extension storage
 * (fakeBrowser): the active token's credentials once per request, a cancel and a recorded
 * refusal on the second challenge (the loop guard), nothing for anyone else's challenge, and a
 * guard that survives a worker woken by the next challenge.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { Failure } from "../../../lib/protocol/failure";
import type { AuthChallenge } from "../../../lib/proxy/auth";
import { createAuthResponder } from "../../../lib/proxy/auth-responder";
import { makeToken } from "../stored-token";

const active = makeToken({ id: 1, host: "gw.example.net", port: 8000, username: "u1" });
const other = makeToken({ id: 2, host: "gw.example.net", port: 9000, username: "u2" });

const challenge = (requestId: string, over: Partial<AuthChallenge> = {}): AuthChallenge => ({
  requestId,
  isProxy: true,
  challenger: { host: "gw.example.net", port: 8000 },
  ...over,
});

function responder() {
  const refused: Failure[] = [];
  const { answer, settled, retry, worked, forget } = createAuthResponder(async (failure) => {
    refused.push(failure);
  });
  return { answer, settled, retry, worked, forget, refused };
}

const credentials = { authCredentials: { username: "u1", password: "secret1" } };

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set({
    tokens: [active, other],
    connection: { activeTokenId: 1, lastTokenId: 1 },
  });
});

describe("answering proxy challenges", () => {
  it("answers a request once; its second challenge is cancelled and reported as refused", async () => {
    const { answer, refused, retry } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    expect(refused).toEqual([]);
    expect(await answer(challenge("r1"))).toEqual({ cancel: true });
    expect(refused).toEqual([{ code: "credentials-refused" }]);
    // A refused password is not sent again, for any request...
    expect(await answer(challenge("r2"))).toEqual({ cancel: true });
    // ...until the user connects again (they may have fixed it at the provider)...
    retry();
    expect(await answer(challenge("r3"))).toEqual(credentials);
  });

  it("a new password for the token is a new login: it is sent", async () => {
    const { answer } = responder();
    await answer(challenge("r1"));
    await answer(challenge("r1"));
    await fakeBrowser.storage.local.set({ tokens: [{ ...active, password: "changed" }, other] });
    expect(await answer(challenge("r2"))).toEqual({
      authCredentials: { username: "u1", password: "changed" },
    });
  });

  it("leaves a website's 401, another proxy and a direct browser alone, recording nothing", async () => {
    const { answer, refused } = responder();
    expect(await answer(challenge("w", { isProxy: false }))).toEqual({});
    expect(
      await answer(challenge("p", { challenger: { host: "gw.example.net", port: 9000 } })),
    ).toEqual({});
    await fakeBrowser.storage.local.set({ connection: { activeTokenId: null, lastTokenId: 1 } });
    expect(await answer(challenge("d"))).toEqual({});
    expect(refused).toEqual([]);
    expect((await fakeBrowser.storage.session.get("authAttempts")).authAttempts).toBeUndefined();
    // None of them used up the request's one answer.
    await fakeBrowser.storage.local.set({ connection: { activeTokenId: 1, lastTokenId: 1 } });
    expect(await answer(challenge("w"))).toEqual(credentials);
  });

  it("forty challenges at once: answers go out as earlier ones work, each request answered once", async () => {
    const { answer, settled } = responder();
    const ids = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
    // The browser: an answered request soon gets its (successful) response headers.
    const browser = (id: string) =>
      answer(challenge(id)).then((reply) => {
        if (reply.authCredentials) settled(id, 200);
        return reply;
      });
    expect(await Promise.all(ids.map(browser))).toEqual(ids.map(() => credentials));
    const again = await Promise.all(ids.map((id) => answer(challenge(id))));
    expect(again).toEqual(ids.map(() => ({ cancel: true })));
    const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
    expect(Object.keys(authAttempts as object).sort()).toEqual([...ids].sort());
  });

  it("a 407 to an answer is a refusal at once: nothing more is sent for that password", async () => {
    const { answer, settled } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    const waiting = answer(challenge("r2"));
    settled("r1", 407);
    expect(await waiting).toEqual({ cancel: true });
    expect(await answer(challenge("r3"))).toEqual({ cancel: true });
  });

  it("a login that worked, challenged forty times at once (revoked): one answer, the rest cancelled", async () => {
    const { answer, refused, worked } = responder();
    // The engine's check through the token worked: the browser now holds a cached copy.
    worked(active);
    const ids = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
    const replies = await Promise.all(ids.map((id) => answer(challenge(id, { fromTab: true }))));
    expect(replies).toEqual([credentials, ...ids.slice(1).map(() => ({ cancel: true }))]);
    // The one answer comes back refused (a second challenge for its request).
    expect(await answer(challenge("burst-0", { fromTab: true }))).toEqual({ cancel: true });
    expect(refused).toEqual([{ code: "credentials-refused" }]);
    expect(await answer(challenge("later", { fromTab: true }))).toEqual({ cancel: true });
    const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
    expect(Object.keys(authAttempts as object)).toEqual(["burst-0"]);
  });

  describe("the one answer waits for its burst to end (the browser would send it unasked on every new connection)", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Challenges for the same login every `everyMs`, `count` times; the first one's reply. */
    async function burst(everyMs: number, count: number) {
      const { answer, worked } = responder();
      worked(active);
      let firstReply: unknown = "pending";
      void answer(challenge("first", { fromTab: true })).then((reply) => {
        firstReply = reply;
      });
      const seen: unknown[] = [];
      for (let i = 0; i < count; i++) {
        await vi.advanceTimersByTimeAsync(everyMs);
        seen.push(firstReply);
        expect(await answer(challenge(`more-${i}`, { fromTab: true }))).toEqual({ cancel: true });
      }
      const reply = async () => {
        await vi.advanceTimersByTimeAsync(1_000);
        return firstReply;
      };
      return { seen, reply };
    }

    it("held while challenges keep coming, sent once they stop", async () => {
      const { seen, reply } = await burst(50, 10);
      expect(seen).toEqual(seen.map(() => "pending"));
      expect(await reply()).toEqual(credentials);
    });

    it.each([
      [200, credentials],
      [407, { cancel: true }],
    ])(
      "the engine's own check in the burst waits for the one answer: its outcome %i decides",
      async (status, expected) => {
        const { answer, settled, worked } = responder();
        worked(active);
        let first: unknown = "pending";
        void answer(challenge("page", { fromTab: true })).then((reply) => {
          first = reply;
        });
        let check: unknown = "pending";
        void answer(challenge("check", { fromTab: false })).then((reply) => {
          check = reply;
        });
        // A cancel here would make the engine blame a token that may still work.
        await vi.advanceTimersByTimeAsync(1_000);
        expect(first).toEqual(credentials);
        expect(check).toBe("pending");
        settled("page", status);
        await vi.advanceTimersByTimeAsync(0);
        expect(check).toEqual(expected);
      },
    );

    it("a burst that never ends still gets its one answer (the hold is bounded)", async () => {
      const { seen } = await burst(100, 30);
      expect(seen.filter((r) => r === "pending").length).toBeLessThan(30);
      expect(seen.at(-1)).toEqual(credentials);
    });
  });

  it("a login that worked, challenged again but still valid (gateway session ended): answered and working", async () => {
    const { answer, settled, worked, refused } = responder();
    worked(active);
    expect(await answer(challenge("again", { fromTab: true }))).toEqual(credentials);
    settled("again", 200);
    // Known to work again: the next challenge in a while is answered the same way.
    expect(await answer(challenge("next", { fromTab: true }))).toEqual(credentials);
    expect(refused).toEqual([]);
  });

  it("after a browser restart, a token stored as connected is answered for every request", async () => {
    // The restart emptied the browser's cache of proxy logins: every first challenge is
    // normal, and cancelling one fails a page load or the engine's own check.
    await fakeBrowser.storage.local.set({
      proxyStatus: {
        state: "connected",
        tokenId: 1,
        error: null,
        exitIp: null,
        controlledByOther: false,
      },
    });
    const { answer } = responder();
    const replies = await Promise.all(
      ["a", "b", "c"].map((id) => answer(challenge(id, { fromTab: true }))),
    );
    expect(replies).toEqual([credentials, credentials, credentials]);
  });

  it("once the cached copy is dropped (connect, switch, refresh), every request is answered", async () => {
    const { answer, worked, forget } = responder();
    worked(active);
    expect(await answer(challenge("first", { fromTab: true }))).toEqual(credentials);
    expect(await answer(challenge("held", { fromTab: true }))).toEqual({ cancel: true });
    forget([active]);
    const replies = await Promise.all(
      ["a", "b"].map((id) => answer(challenge(id, { fromTab: true }))),
    );
    expect(replies).toEqual([credentials, credentials]);
  });

  it("a login not known to work yet (first use) is answered for every request", async () => {
    const { answer } = responder();
    const replies = await Promise.all(
      ["a", "b", "c"].map((id) => answer(challenge(id, { fromTab: true }))),
    );
    expect(replies).toEqual([credentials, credentials, credentials]);
  });

  it("the check and the record are one step: the same request twice at once is answered once", async () => {
    const { answer } = responder();
    const both = await Promise.all([answer(challenge("r1")), answer(challenge("r1"))]);
    expect(both).toContainEqual(credentials);
    expect(both).toContainEqual({ cancel: true });
  });

  it("a worker woken by the next challenge still knows which requests it answered", async () => {
    const before = responder();
    expect(await before.answer(challenge("r1"))).toEqual(credentials);
    // The worker stops; a new one (new module state) gets the request's second challenge.
    const woken = responder();
    expect(await woken.answer(challenge("r1"))).toEqual({ cancel: true });
    expect(woken.refused).toEqual([{ code: "credentials-refused" }]);
    // It remembers the refusal across the next wake too.
    const again = responder();
    expect(await again.answer(challenge("r2"))).toEqual({ cancel: true });
    // And what it answers after a retry joins the record instead of replacing it.
    again.retry();
    expect(await again.answer(challenge("r3"))).toEqual(credentials);
    const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
    expect(Object.keys(authAttempts as object).sort()).toEqual(["r1", "r3"]);
  });
});
