/**
 * The proxy-challenge answer as the browsers' listeners call it, over real extension storage
 * (fakeBrowser). The rule: every question gets the token's login, once per request; only a 407
 * to our own answer is a refusal; nothing is cancelled on a guess. While a login's fate is open,
 * its first challenge probes it and the others wait (bounded) for how that answer fares.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { AuthChallenge } from "../../../lib/proxy/auth";
import { type AuthResponderDeps, createAuthResponder } from "../../../lib/proxy/auth-responder";
import { HOLD_MS } from "../../../lib/proxy/login-fate";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";

const active = makeToken({ id: 1, host: "gw.example.net", port: 8000, username: "u1" });
const other = makeToken({ id: 2, host: "gw.example.net", port: 9000, username: "u2" });

const challenge = (requestId: string, over: Partial<AuthChallenge> = {}): AuthChallenge => ({
  requestId,
  isProxy: true,
  challenger: { host: "gw.example.net", port: 8000 },
  fromTab: true,
  ...over,
});

function responder(over: Partial<AuthResponderDeps> = {}) {
  const refused: StoredToken[] = [];
  const workedAgain: StoredToken[] = [];
  const r = createAuthResponder({
    onRefused: async (token) => {
      refused.push(token);
    },
    onWorked: (token) => workedAgain.push(token),
    ...over,
  });
  return { ...r, refused, workedAgain };
}

const credentials = { authCredentials: { username: "u1", password: "secret1" } };
const CANCEL = { cancel: true };

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set({
    tokens: [active, other],
    connection: { activeTokenId: 1, lastTokenId: 1 },
  });
});

describe("answering proxy challenges", () => {
  it("answers a request once; a challenge to that answer is the refusal: cancelled, told once, not sent again until the user connects again", async () => {
    const { answer, refused, retry } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    expect(refused).toEqual([]);
    expect(await answer(challenge("r1"))).toEqual(CANCEL);
    await vi.waitFor(() => expect(refused.map((t) => t.id)).toEqual([1]));
    expect(await answer(challenge("r2"))).toEqual(CANCEL);
    expect(refused).toHaveLength(1);
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

  it("a 407 in the response to our answer is the refusal at once: what waits is cancelled", async () => {
    const { answer, settled, refused } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    const waiting = answer(challenge("r2"));
    settled("r1", 407);
    expect(await waiting).toEqual(CANCEL);
    expect(await answer(challenge("r3"))).toEqual(CANCEL);
    await vi.waitFor(() => expect(refused).toHaveLength(1));
  });

  it("a redirect's next hop (same request id) asked again after the answer worked is a question, not a refusal", async () => {
    const { answer, settled, refused } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    settled("r1", 302);
    expect(await answer(challenge("r1"))).toEqual(credentials);
    expect(refused).toEqual([]);
  });

  it("the check and the record are one step: the same request twice at once is answered once", async () => {
    const { answer } = responder();
    const both = await Promise.all([answer(challenge("r1")), answer(challenge("r1"))]);
    expect(both).toContainEqual(credentials);
    expect(both).toContainEqual(CANCEL);
  });

  it("the engine's own check refused: its cancel waits until the refusal is told (its failure then finds the reason)", async () => {
    let told = false;
    const { answer } = responder({
      onRefused: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        told = true;
      },
    });
    await answer(challenge("check", { fromTab: false }));
    expect(await answer(challenge("check", { fromTab: false }))).toEqual(CANCEL);
    expect(told).toBe(true);
  });
});

describe("a burst of challenges for one login", () => {
  const ids = Array.from({ length: 40 }, (_, i) => `burst-${i}`);

  it("still valid (the gateway asked again): every request answered, none cancelled; the others after the probe's answer worked", async () => {
    let clock = 1_000_000;
    const { answer, settled, worked, refused } = responder({ now: () => clock });
    worked(active); // it carried traffic, a while before the gateway ended its sessions
    clock += 60_000;
    const order: string[] = [];
    const replies = ids.map((id) =>
      answer(challenge(id)).then((reply) => {
        order.push(id);
        return reply;
      }),
    );
    // Long after it worked: the first challenge probes, the rest wait for its outcome.
    await vi.waitFor(() => expect(order).toEqual(["burst-0"]));
    settled("burst-0", 200);
    expect(await Promise.all(replies)).toEqual(ids.map(() => credentials));
    expect(refused).toEqual([]);
  });

  it("revoked: one answer goes out; its refusal cancels the rest, which sent nothing", async () => {
    const { answer, settled, refused } = responder();
    const replies = Promise.all(ids.map((id) => answer(challenge(id))));
    await vi.waitFor(async () => {
      const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
      expect(Object.keys(authAttempts ?? {})).toEqual(["burst-0"]);
    });
    settled("burst-0", 407);
    expect(await replies).toEqual([credentials, ...ids.slice(1).map(() => CANCEL)]);
    await vi.waitFor(() => expect(refused).toHaveLength(1));
  });

  it("without a hold (holdMs 0) every challenge is answered at once", async () => {
    const { answer } = responder({ holdMs: 0 });
    expect(await Promise.all(ids.map((id) => answer(challenge(id))))).toEqual(
      ids.map(() => credentials),
    );
  });

  it("the probe that ends otherwise (cut, aborted) hands the probe on: the rest are answered", async () => {
    const { answer, settled } = responder();
    const replies = Promise.all(ids.slice(0, 3).map((id) => answer(challenge(id))));
    await vi.waitFor(async () => {
      const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
      expect(Object.keys(authAttempts ?? {})).toEqual(["burst-0"]);
    });
    settled("burst-0"); // onErrorOccurred: no status
    await vi.waitFor(async () => {
      const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
      expect(Object.keys(authAttempts ?? {})).toEqual(["burst-1"]);
    });
    settled("burst-1", 200);
    expect(await replies).toEqual([credentials, credentials, credentials]);
  });

  it("the engine's own check through the token worked: what waits is answered", async () => {
    const { answer, worked } = responder();
    const replies = Promise.all(ids.slice(0, 5).map((id) => answer(challenge(id))));
    await vi.waitFor(async () => {
      const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
      expect(authAttempts).toBeDefined();
    });
    worked(active);
    expect(await replies).toEqual(ids.slice(0, 5).map(() => credentials));
  });

  it("right after it worked, a straggler of the same burst is answered without waiting", async () => {
    const { answer, settled } = responder();
    await answer(challenge("probe"));
    settled("probe", 200);
    expect(await answer(challenge("straggler"))).toEqual(credentials);
    // Answered at once: no outcome of it was needed first.
    const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
    expect(Object.keys(authAttempts as object)).toEqual(["straggler"]);
  });

  describe("the wait is bounded", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`a probe whose outcome never shows: the others are answered after ${HOLD_MS} ms`, async () => {
      const { answer } = responder();
      const seen: unknown[] = ids.slice(0, 4).map(() => "pending");
      ids.slice(0, 4).forEach((id, i) => {
        void answer(challenge(id)).then((reply) => {
          seen[i] = reply;
        });
      });
      await vi.advanceTimersByTimeAsync(HOLD_MS - 10);
      expect(seen).toEqual([credentials, "pending", "pending", "pending"]);
      await vi.advanceTimersByTimeAsync(20);
      expect(seen).toEqual([credentials, credentials, credentials, credentials]);
    });
  });
});

describe("what the login's outcome tells the engine", () => {
  it("the first request that works after its fate was open is told once (an error shown for it is over)", async () => {
    const { answer, settled, workedAgain } = responder();
    await answer(challenge("a"));
    settled("a", 200);
    await answer(challenge("b"));
    settled("b", 200);
    expect(workedAgain.map((t) => t.id)).toEqual([1]);
  });

  it("once the cached copy is dropped (connect, switch, refresh), its fate is open again", async () => {
    const { answer, settled, forget } = responder();
    await answer(challenge("a"));
    settled("a", 200);
    forget([active]);
    const order: string[] = [];
    const replies = ["b", "c"].map((id) =>
      answer(challenge(id)).then((r) => {
        order.push(id);
        return r;
      }),
    );
    await vi.waitFor(() => expect(order).toEqual(["b"]));
    settled("b", 200);
    expect(await Promise.all(replies)).toEqual([credentials, credentials]);
  });
});

describe("a worker woken by the next challenge", () => {
  it("knows which requests it answered and which logins were refused", async () => {
    const before = responder();
    expect(await before.answer(challenge("r1"))).toEqual(credentials);
    // The worker stops; a new one (new module state) gets the request's second challenge.
    const woken = responder();
    expect(await woken.answer(challenge("r1"))).toEqual(CANCEL);
    await vi.waitFor(() => expect(woken.refused.map((t) => t.id)).toEqual([1]));
    // It remembers the refusal across the next wake too.
    const again = responder();
    expect(await again.answer(challenge("r2"))).toEqual(CANCEL);
    // And what it answers after a retry joins the record instead of replacing it.
    again.retry();
    expect(await again.answer(challenge("r3"))).toEqual(credentials);
    const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
    expect(Object.keys(authAttempts as object).sort()).toEqual(["r1", "r3"]);
  });

  it("after a browser restart (nothing remembered), a token stored as connected is answered for every request", async () => {
    await fakeBrowser.storage.local.set({
      proxyStatus: {
        state: "connected",
        tokenId: 1,
        error: null,
        exitIp: null,
        controlledByOther: false,
      },
    });
    const { answer, settled } = responder();
    const replies = Promise.all(["a", "b", "c"].map((id) => answer(challenge(id))));
    await vi.waitFor(async () => {
      const { authAttempts } = await fakeBrowser.storage.session.get("authAttempts");
      expect(Object.keys(authAttempts ?? {})).toEqual(["a"]);
    });
    settled("a", 200);
    expect(await replies).toEqual([credentials, credentials, credentials]);
  });
});
