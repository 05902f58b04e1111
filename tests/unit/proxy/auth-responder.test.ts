/**
 * The proxy-challenge answer as the browsers' listeners call it, over real extension storage
 * (fakeBrowser). The rule: every question gets the token's login; a 407 to our own answer is a
 * strike; struck requests wait a few round trips for anything through the login to work, then
 * are all answered once more, and the first of them struck again refuses (login-doubts.ts);
 * nothing is cancelled on a guess.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { GIVE_UP_MS } from "../../../lib/proxy/answers-out";
import { type AuthChallenge, GONE_LOGIN } from "../../../lib/proxy/auth";
import { type AuthResponderDeps, createAuthResponder } from "../../../lib/proxy/auth-responder";
import { VERDICT_MS, verdictAfter } from "../../../lib/proxy/login-doubts";
import type { StoredToken } from "../../../lib/state/tokens";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";
import { eventually } from "../wait";

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

/** The verdict time of a strike that came back at once (the fake clock does not move). */
const VERDICT = verdictAfter(0);

const credentials = { authCredentials: { username: "u1", password: "secret1" } };
const CANCEL = { cancel: true };
const PENDING = "pending";

/** A reply as it stands: the answer, or "pending" while the challenge waits. */
function watch(reply: Promise<unknown>) {
  let now: unknown = PENDING;
  void reply.then((r) => {
    now = r;
  });
  return () => now;
}

const answeredIds = async () =>
  Object.keys((await fakeBrowser.storage.session.get("authAttempts")).authAttempts ?? {}).sort();

beforeEach(async () => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  await fakeBrowser.storage.local.set({
    tokens: [active, other],
    connection: { activeTokenId: 1, lastTokenId: 1 },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("questions", () => {
  it("a challenge to the browser's cached login is answered with the token's login", async () => {
    const { answer, refused } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    expect(await answer(challenge("r2"))).toEqual(credentials);
    expect(refused).toEqual([]);
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
    expect(await answeredIds()).toEqual([]);
    await fakeBrowser.storage.local.set({ connection: { activeTokenId: 1, lastTokenId: 1 } });
    expect(await answer(challenge("w"))).toEqual(credentials);
  });

  it("a redirect's next hop (same request id) asked after the answer worked is a question", async () => {
    const { answer, settled, refused } = responder();
    expect(await answer(challenge("r1"))).toEqual(credentials);
    settled("r1", 302);
    expect(await answer(challenge("r1"))).toEqual(credentials);
    expect(refused).toEqual([]);
  });

  it("a gateway whose token was removed since the config wrote it is cancelled, never left to a login dialog; a website's 401 there is still not ours", async () => {
    const { answer, refused } = responder({ loginFor: async () => GONE_LOGIN });
    expect(await answer(challenge("late"))).toEqual(CANCEL);
    expect(await answer(challenge("w", { isProxy: false }))).toEqual({});
    expect(refused).toEqual([]);
    expect(await answeredIds()).toEqual([]);
  });

  it("after a browser restart (nothing remembered), every request of a token stored as connected is answered", async () => {
    const { answer } = responder();
    const replies = await Promise.all(["a", "b", "c"].map((id) => answer(challenge(id))));
    expect(replies).toEqual([credentials, credentials, credentials]);
  });
});

describe("strikes: 407s to our own answers", () => {
  it("a lone strike (the browser sent the retry on another connection the gateway asks again) is answered again after the verdict wait", async () => {
    const { answer, settled, refused } = responder();
    await answer(challenge("r1"));
    const again = watch(answer(challenge("r1")));
    await vi.advanceTimersByTimeAsync(VERDICT - 10);
    expect(again()).toBe(PENDING);
    await vi.advanceTimersByTimeAsync(20);
    expect(again()).toEqual(credentials);
    settled("r1", 200);
    await vi.advanceTimersByTimeAsync(VERDICT * 5);
    expect(refused).toEqual([]);
  });

  it("each round waits four round trips of the first struck answer (a far gateway), at most VERDICT_MS; every struck request struck again refuses", async () => {
    const { answer, refused } = responder();
    await Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(150); // the 407s to the answers come back 150 ms later
    const a = watch(answer(challenge("a")));
    const b = watch(answer(challenge("b")));
    await vi.advanceTimersByTimeAsync(590);
    expect([a(), b()]).toEqual([PENDING, PENDING]);
    await vi.advanceTimersByTimeAsync(20);
    // Round 2: every struck request is answered once more, at once.
    expect([a(), b()]).toEqual([credentials, credentials]);
    // The first of them struck again refuses: nothing worked for a whole verdict time.
    expect(await answer(challenge("a"))).toEqual(CANCEL);
    expect(refused.map((t) => t.id)).toEqual([1]);
    expect(await answer(challenge("b"))).toEqual(CANCEL);
    expect(verdictAfter(150)).toBe(600);
    expect(verdictAfter(5_000)).toBe(VERDICT_MS);
  });

  it("struck, then a request through the login works (a gateway asking every open connection): the struck are answered again at once", async () => {
    const { answer, settled, refused } = responder();
    await Promise.all(["a", "b", "c"].map((id) => answer(challenge(id))));
    const a = watch(answer(challenge("a")));
    const b = watch(answer(challenge("b")));
    await vi.advanceTimersByTimeAsync(0);
    expect([a(), b()]).toEqual([PENDING, PENDING]);
    settled("c", 200);
    await vi.advanceTimersByTimeAsync(0);
    expect([a(), b()]).toEqual([credentials, credentials]);
    await vi.advanceTimersByTimeAsync(VERDICT * 5);
    expect(refused).toEqual([]);
  });

  it("revoked: 40 answers struck, nothing works, all 40 answered once more and struck again: refused, told once; later challenges cancelled, nothing sent after", async () => {
    const { answer, refused, retry } = responder();
    const ids = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
    // Each request in flight got one answer (their first challenges are questions).
    expect(await Promise.all(ids.map((id) => answer(challenge(id))))).toEqual(
      ids.map(() => credentials),
    );
    const struck = ids.map((id) => watch(answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(struck.map((r) => r())).toEqual(ids.map(() => credentials));
    const struckAgain = ids.map((id) => watch(answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(0);
    expect(struckAgain.map((r) => r())).toEqual(ids.map(() => CANCEL));
    expect(refused.map((t) => t.id)).toEqual([1]);
    expect(await answer(challenge("later"))).toEqual(CANCEL);
    expect(await answeredIds()).toEqual([...ids].sort());
    // Until the user connects (or checks) again: they may have mended the password.
    retry();
    expect(await answer(challenge("mended"))).toEqual(credentials);
  });

  it("a single request refused: struck, answered once more, struck again: refused (two logins)", async () => {
    const { answer, refused } = responder();
    await answer(challenge("r1"));
    const second = watch(answer(challenge("r1")));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(second()).toEqual(credentials);
    expect(await answer(challenge("r1"))).toEqual(CANCEL);
    await eventually(() => expect(refused.map((t) => t.id)).toEqual([1]));
  });

  it("a request struck during round 2 is answered at once, not held (held, it would stall Firefox's other answers); its next strike refuses", async () => {
    const { answer, refused } = responder();
    await Promise.all(["a", "late"].map((id) => answer(challenge(id))));
    const a = watch(answer(challenge("a")));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(a()).toEqual(credentials);
    expect(await answer(challenge("late"))).toEqual(credentials);
    expect(refused).toEqual([]);
    expect(await answer(challenge("late"))).toEqual(CANCEL);
    expect(refused.map((t) => t.id)).toEqual([1]);
  });

  it("a request that works in round 2 ends the doubt: a strike after it starts a new round 1", async () => {
    const { answer, settled, refused } = responder();
    await Promise.all(["e", "f"].map((id) => answer(challenge(id))));
    const waiting = ["e", "f"].map((id) => watch(answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(waiting.map((w) => w())).toEqual([credentials, credentials]);
    settled("f", 200);
    const e = watch(answer(challenge("e"))); // struck again, but the login worked meanwhile
    await vi.advanceTimersByTimeAsync(0);
    expect(e()).toBe(PENDING);
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(e()).toEqual(credentials);
    expect(refused).toEqual([]);
  });

  it("round 2 lasts while its answers are out: a strike to one that comes after the verdict time (a loaded machine) still refuses", async () => {
    const { answer, settled, refused } = responder();
    await Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    const waiting = ["a", "b"].map((id) => watch(answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(waiting.map((w) => w())).toEqual([credentials, credentials]);
    settled("b"); // cut; a's 407 is slow to come
    await vi.advanceTimersByTimeAsync(3 * VERDICT_MS);
    const a = watch(answer(challenge("a")));
    await vi.advanceTimersByTimeAsync(0);
    expect(a()).toEqual(CANCEL);
    expect(refused.map((t) => t.id)).toEqual([1]);
  });

  it("round 2 whose answers are all cut, or never heard of again, refuses nothing: the doubt is over", async () => {
    const { answer, settled, refused } = responder();
    await Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    const waiting = ["a", "b"].map((id) => watch(answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(waiting.map((w) => w())).toEqual([credentials, credentials]);
    settled("b"); // cut; a stalls until its answer is given up on
    await vi.advanceTimersByTimeAsync(2 * GIVE_UP_MS + VERDICT_MS);
    // a's strike now comes after the doubt ended: a new round 1, not a refusal.
    const a = watch(answer(challenge("a")));
    await vi.advanceTimersByTimeAsync(0);
    expect(a()).toBe(PENDING);
    await vi.advanceTimersByTimeAsync(VERDICT_MS + 10);
    expect(a()).toEqual(credentials);
    expect(refused).toEqual([]);
  });

  it("a 407 in the answered request's headers is its strike; the challenge that follows does not count twice", async () => {
    const { answer, settled, refused } = responder();
    await answer(challenge("r1"));
    settled("r1", 407);
    const again = watch(answer(challenge("r1")));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(again()).toEqual(credentials); // still round 1's one strike
    expect(refused).toEqual([]);
  });

  it("a request the proxy asks after every answer while the login works for others is let go after 3 answers; the login stands", async () => {
    const { answer, settled, refused } = responder();
    expect(await answer(challenge("odd"))).toEqual(credentials);
    for (let i = 0; i < 2; i++) {
      const again = watch(answer(challenge("odd")));
      await answer(challenge(`fine-${i}`));
      settled(`fine-${i}`, 200);
      await vi.advanceTimersByTimeAsync(0);
      expect(again()).toEqual(credentials);
    }
    const last = watch(answer(challenge("odd")));
    await answer(challenge("fine-last"));
    settled("fine-last", 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual(CANCEL);
    expect(refused).toEqual([]);
    expect(await answer(challenge("next"))).toEqual(credentials);
  });

  it("the engine's own check refused with a page: its cancel waits until the refusal is told (its failure then finds the reason)", async () => {
    let told = false;
    const { answer } = responder({
      onRefused: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        told = true;
      },
    });
    await answer(challenge("page"));
    await answer(challenge("check", { fromTab: false }));
    const page = watch(answer(challenge("page")));
    const check = watch(answer(challenge("check", { fromTab: false })));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect([page(), check()]).toEqual([credentials, credentials]);
    const checkAgain = answer(challenge("check", { fromTab: false })).then((reply) => ({
      reply,
      toldBefore: told,
    }));
    await vi.advanceTimersByTimeAsync(10);
    expect(await checkAgain).toEqual({ reply: CANCEL, toldBefore: true });
    expect(await answer(challenge("page"))).toEqual(CANCEL);
  });

  it("the engine's own check refused alone (a wrong password at connect): its cancel waits until the refusal is told", async () => {
    let told = false;
    const { answer } = responder({
      onRefused: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        told = true;
      },
    });
    const check = challenge("check", { fromTab: false });
    await answer(check);
    const again = answer(check);
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(await again).toEqual(credentials); // struck: answered once more
    const last = answer(check).then((reply) => ({ reply, toldBefore: told }));
    await vi.advanceTimersByTimeAsync(10);
    expect(await last).toEqual({ reply: CANCEL, toldBefore: true });
  });

  it("a new password for the token is a new login: it is sent", async () => {
    const { answer, refused } = responder();
    await Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    const struck = Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    await struck;
    expect(await Promise.all(["a", "b"].map((id) => answer(challenge(id))))).toEqual([
      CANCEL,
      CANCEL,
    ]);
    expect(refused).toHaveLength(1);
    await fakeBrowser.storage.local.set({ tokens: [{ ...active, password: "changed" }, other] });
    expect(await answer(challenge("c"))).toEqual({
      authCredentials: { username: "u1", password: "changed" },
    });
  });
});

describe("what a working login tells the engine", () => {
  it("the first request that works after its login was asked for is told, once per burst", async () => {
    const { answer, settled, workedAgain } = responder();
    await Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    settled("a", 200);
    settled("b", 200);
    expect(workedAgain.map((t) => t.id)).toEqual([1]);
    await answer(challenge("c"));
    settled("c", 200);
    expect(workedAgain.map((t) => t.id)).toEqual([1, 1]);
  });

  it("a request that ended without a response (cut, aborted) says nothing; its id asked again is a question", async () => {
    const { answer, settled, workedAgain, refused } = responder();
    await answer(challenge("a"));
    settled("a");
    expect(workedAgain).toEqual([]);
    expect(await answer(challenge("a"))).toEqual(credentials);
    expect(refused).toEqual([]);
  });
});

describe("a worker woken by the next challenge", () => {
  it("knows which requests it answered (their next challenge is a strike) and which logins were refused", async () => {
    const before = responder();
    await Promise.all(["r1", "r2"].map((id) => before.answer(challenge(id))));
    // Recorded just after the answers went out (the answer never waits on the write).
    await vi.advanceTimersByTimeAsync(0);
    expect(await answeredIds()).toEqual(["r1", "r2"]);
    // The worker stops; a new one (new module state) gets the requests' next challenges.
    const woken = responder();
    const struck = Promise.all(["r1", "r2"].map((id) => woken.answer(challenge(id))));
    await vi.advanceTimersByTimeAsync(VERDICT + 10);
    expect(await struck).toEqual([credentials, credentials]);
    // Both struck again: refused.
    expect(await Promise.all(["r1", "r2"].map((id) => woken.answer(challenge(id))))).toEqual([
      CANCEL,
      CANCEL,
    ]);
    await eventually(async () => {
      expect(woken.refused.map((t) => t.id)).toEqual([1]);
      const { refusedLogins } = await fakeBrowser.storage.session.get("refusedLogins");
      expect(refusedLogins).toHaveLength(1);
    });
    // It remembers the refusal across the next wake too.
    const again = responder();
    expect(await again.answer(challenge("r3"))).toEqual(CANCEL);
    // And what it answers after a retry joins the record instead of replacing it.
    again.retry();
    expect(await again.answer(challenge("r4"))).toEqual(credentials);
    await vi.advanceTimersByTimeAsync(0);
    expect(await answeredIds()).toEqual(["r1", "r2", "r4"]);
  });
});

describe("evidence from any request through the login", () => {
  it("struck, then a request the browser sent unasked through the token gets its response: the struck one is answered again at once", async () => {
    const carried: string[] = [];
    const { answer, settled, refused } = responder({
      carrier: async ({ requestId }) => {
        carried.push(requestId);
        return requestId === "direct" ? null : active;
      },
    });
    await Promise.all(["a", "b"].map((id) => answer(challenge(id))));
    const a = watch(answer(challenge("a")));
    const b = watch(answer(challenge("b")));
    await vi.advanceTimersByTimeAsync(0);
    settled("direct", 200, "http://elsewhere.example/");
    await vi.advanceTimersByTimeAsync(0);
    expect([a(), b()]).toEqual([PENDING, PENDING]);
    settled("unasked", 200, "http://site.example/");
    await vi.advanceTimersByTimeAsync(0);
    expect([a(), b()]).toEqual([credentials, credentials]);
    expect(carried).toEqual(["direct", "unasked"]);
    // No doubt stands now: responses are not looked into.
    settled("later", 200, "http://site.example/");
    expect(carried).toEqual(["direct", "unasked"]);
    expect(refused).toEqual([]);
  });
});

describe("the answer goes first", () => {
  it("is given while the writer is held by an unrelated save (a megabyte of rules on a slow disk)", async () => {
    const { answer } = responder();
    // The load of what was answered before, so the write below is the first one held.
    expect(await answer(challenge("r0"))).toEqual(credentials);
    await vi.advanceTimersByTimeAsync(0);
    let release: () => void = () => undefined;
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, "set").mockImplementationOnce(
      (values) => new Promise<void>((resolve) => (release = () => void set(values).then(resolve))),
    );
    const save = writeState({ siteRules: [] });
    await vi.advanceTimersByTimeAsync(0);
    const reply = watch(answer(challenge("r1")));
    await vi.advanceTimersByTimeAsync(0);
    expect(reply()).toEqual(credentials);
    // Recorded once the writer is free.
    expect(await answeredIds()).toEqual(["r0"]);
    release();
    await save;
    await vi.advanceTimersByTimeAsync(0);
    expect(await answeredIds()).toEqual(["r0", "r1"]);
  });

  it("a failed read of what was answered before is asked again by the next challenge, not kept", async () => {
    const get = fakeBrowser.storage.session.get.bind(fakeBrowser.storage.session);
    vi.spyOn(fakeBrowser.storage.session, "get").mockImplementationOnce(() =>
      Promise.reject(new Error("the profile's storage is busy")),
    );
    const { answer } = responder();
    expect(await answer(challenge("r1")).catch((error: Error) => error.message)).toBe(
      "the profile's storage is busy",
    );
    vi.mocked(fakeBrowser.storage.session.get).mockImplementation(get);
    expect(await answer(challenge("r2"))).toEqual(credentials);
  });
});

describe("outcomes are wanted only while an answer is out", () => {
  it("told on when an answer goes out, off once its request got its response", async () => {
    const told: boolean[] = [];
    const { answer, settled, onOutcomesWanted } = responder();
    onOutcomesWanted((wanted) => told.push(wanted));
    expect(told).toEqual([false]);
    await answer(challenge("r1"));
    await answer(challenge("r2"));
    expect(told).toEqual([false, true]);
    settled("r1", 200, "http://site.example/");
    expect(told).toEqual([false, true]);
    settled("r2", 200, "http://site.example/");
    expect(told).toEqual([false, true, false]);
  });

  it("an answer whose outcome never comes (an event missed) is given up on: the listening ends", async () => {
    const told: boolean[] = [];
    const { answer, onOutcomesWanted } = responder();
    onOutcomesWanted((wanted) => told.push(wanted));
    await answer(challenge("r1"));
    expect(told.at(-1)).toBe(true);
    await vi.advanceTimersByTimeAsync(GIVE_UP_MS - 1);
    expect(told.at(-1)).toBe(true);
    await vi.advanceTimersByTimeAsync(GIVE_UP_MS);
    expect(told.at(-1)).toBe(false);
    // Its record stays: the request's next challenge is still judged as one to our answer.
    expect(await answeredIds()).toEqual(["r1"]);
  });

  it("stays on while a login is in doubt (struck), off when the doubt ends", async () => {
    const told: boolean[] = [];
    const { answer, settled, onOutcomesWanted } = responder();
    onOutcomesWanted((wanted) => told.push(wanted));
    await answer(challenge("r1"));
    settled("r1", 407, "http://site.example/");
    expect(told.at(-1)).toBe(true);
    // Another request through the login works: the doubt is over, nothing is out.
    await answer(challenge("r2"));
    settled("r2", 200, "http://site.example/");
    expect(told.at(-1)).toBe(false);
  });
});
