/**
 * The "Check all" glue (lib/background/health-check.ts) over fakeBrowser's storage, with a
 * recording probe routing and a scripted fetch: results with their time, the provider's rate
 * limit waited for and said, a cancel that writes nothing it did not check, a run a stopped
 * worker left behind, overlapping starts, and Chrome's logins at a probed address.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createHealthCheck, type HealthCheckDeps } from "../../../lib/background/health-check";
import { changeOwners, ownersNow } from "../../../lib/proxy/gateway-owners";
import type { ProbeRouting, ProbeTargets } from "../../../lib/proxy/platform";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";
import { eventually } from "../wait";

const tokens = [1, 2, 3].map((id) => makeToken({ id, host: "gw.example.net", port: 8000 }));
/** Three tokens, each on a gateway of its own: every one can be checked in Chrome. */
const apart = [1, 2, 3].map((id) => makeToken({ id, host: `gw${id}.example.net`, port: 8000 }));

/** A probe's login URL: marked as a probe's (only those are listened to for errors). */
const loginUrl = (id: number) => `http://login/${id}?proxy-deck-check=${id}`;

function routing(learnsExitIp: boolean) {
  const calls: string[] = [];
  const probes: ProbeRouting = {
    open: async (gateways) => void calls.push(`open ${gateways.map((g) => g.host).join(",")}`),
    targets: (token): ProbeTargets => ({
      login: loginUrl(token.id),
      timed: learnsExitIp ? null : `http://timed/${token.id}`,
      learnsExitIp,
    }),
    finished: (targets) => void calls.push(`finished ${targets.login}`),
    close: async () => void calls.push("close"),
    forgetAddresses: async (addresses) =>
      void calls.push(`forget ${addresses.map((a) => a.host).join(",")}`),
  };
  return { probes, calls };
}

function deps(overrides: Partial<HealthCheckDeps> & { learnsExitIp?: boolean } = {}) {
  const { probes, calls } = routing(overrides.learnsExitIp ?? false);
  const slept: number[] = [];
  const answers = new Map<string, Response | Error>();
  const base: HealthCheckDeps = {
    platform: { probes, oneLoginPerEndpoint: true, supportsSocksAuth: false },
    reserveApiRequest: () => 0,
    fetch: async (url) => {
      const answer = answers.get(url) ?? new Response("", { status: 502 });
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onErrorOccurred: { addListener: () => undefined, removeListener: () => undefined },
    isRefused: () => false,
    retryLogins: () => undefined,
    sleep: async (ms) => void slept.push(ms),
    ...overrides,
  };
  return { deps: base, calls, slept, answers };
}

/** The run, once it ended. */
const finished = () =>
  eventually(async () => {
    const run = await read("healthRun");
    if (!run || run.state === "running") throw new Error("the run has not ended");
    return run;
  });

beforeEach(async () => {
  fakeBrowser.reset();
  await writeState({
    tokens,
    settings: { ...DEFAULT_SETTINGS, baseUrl: "https://api.example" },
    // A fresh install's record: Chrome holds none of our logins (gateway-owners.ts).
    gatewayOwners: {},
  });
});

describe("createHealthCheck", () => {
  it("probes a token at each spelling that holds no login, records it there, drops nothing", async () => {
    const { deps: d, calls, answers } = deps();
    answers.set(loginUrl(2), new Response("", { status: 407 }));
    const check = createHealthCheck(d);
    // Three tokens, one gateway, two spellings: the third would need a login dropped, which
    // closes every connection of the profile in Chrome.
    expect(await check.start(null)).toEqual({ checking: 2, notChecked: 1, joined: false });
    expect(await finished()).toMatchObject({ state: "done", total: 3, done: 3 });
    const results = await read("tokenHealth");
    expect(results[1]?.outcome).toMatchObject({ kind: "ok", exitIp: null });
    expect(results[2]?.outcome).toEqual({ kind: "login-refused" });
    expect(results[3]?.outcome).toEqual({ kind: "not-checked", why: "gateway-in-use" });
    expect(calls[0]).toMatch(/^open /);
    expect(calls.filter((c) => c.startsWith("forget"))).toEqual([]);
    expect(await read("gatewayOwners")).toEqual({
      "gw.example.net:8000": 1,
      "gw.example.net.:8000": 2,
    });
  });

  it("a spelling a switch took between the plan and the claim is not probed: that token is not checked, the switch's record stands", async () => {
    const {
      deps: d,
      calls,
      answers,
    } = deps({
      // Called just before the claim: a switch records token 9 at the free spelling meanwhile.
      retryLogins: () => void writeState({ gatewayOwners: { "gw.example.net.:8000": 9 } }),
    });
    answers.set(loginUrl(1), new Response("", { status: 407 }));
    const check = createHealthCheck(d);
    expect(await check.start(null)).toEqual({ checking: 2, notChecked: 1, joined: false });
    expect(await finished()).toMatchObject({ state: "done", total: 3, done: 3 });
    const results = await read("tokenHealth");
    expect(results[2]?.outcome).toEqual({ kind: "not-checked", why: "gateway-in-use" });
    expect(calls.filter((c) => c.startsWith("finished"))).toEqual([`finished ${loginUrl(1)}`]);
    expect(await read("gatewayOwners")).toEqual({
      "gw.example.net:8000": 1,
      "gw.example.net.:8000": 9,
    });
    // The probe was opened at the granted spelling only; the run's claims are let go.
    expect(calls.filter((c) => c.startsWith("open"))).toEqual(["open gw.example.net"]);
    expect(ownersNow(null)).toEqual({});
  });

  it("nothing recorded by this version yet: every stored token's logins are dropped at every spelling first, once", async () => {
    await fakeBrowser.storage.local.remove("gatewayOwners");
    const { deps: d, calls } = deps();
    const check = createHealthCheck(d);
    await check.start(null);
    expect(await finished()).toMatchObject({ state: "done" });
    expect(calls.filter((c) => c.startsWith("forget"))).toHaveLength(1);
    expect(calls.findIndex((c) => c.startsWith("forget"))).toBeLessThan(
      calls.findIndex((c) => c.startsWith("open")),
    );
    await check.start(null);
    expect(await finished()).toMatchObject({ state: "done" });
    expect(calls.filter((c) => c.startsWith("forget"))).toHaveLength(1);
  });

  it("a second check probes each token where its login is held, still dropping nothing", async () => {
    await writeState({ gatewayOwners: { "gw.example.net:8000": 3, "gw.example.net.:8000": 1 } });
    const { deps: d, calls } = deps({ concurrency: 1 });
    const check = createHealthCheck(d);
    expect(await check.start(null)).toEqual({ checking: 2, notChecked: 1, joined: false });
    await finished();
    const results = await read("tokenHealth");
    expect(results[2]?.outcome).toEqual({ kind: "not-checked", why: "gateway-in-use" });
    expect(calls.filter((c) => c.startsWith("forget"))).toEqual([]);
    expect(await read("gatewayOwners")).toEqual({
      "gw.example.net:8000": 3,
      "gw.example.net.:8000": 1,
    });
  });

  it("learns the exit address from the provider's answer, waiting its turn and saying so", async () => {
    const waits = [0, 4_000, 0];
    const {
      deps: d,
      slept,
      answers,
    } = deps({
      learnsExitIp: true,
      reserveApiRequest: () => waits.shift() ?? 0,
    });
    const body = {
      code: 0,
      msg: "ok",
      data: { ip: "203.0.113.9", country: "US", country_code: "US", city: "", state: null },
    };
    for (const id of [1, 2, 3]) answers.set(loginUrl(id), Response.json(body));
    // Token 3's first answer is the provider's 429: waited for as it says, asked again.
    const seen = new Set<string>();
    d.fetch = async (url) => {
      if (url === loginUrl(3) && !seen.has(url)) {
        seen.add(url);
        return new Response("", { status: 429, headers: { "Retry-After": "7" } });
      }
      return Response.json(body);
    };
    let waiting: number | null = null;
    const sleep = d.sleep;
    d.sleep = async (ms) => {
      waiting ??= (await read("healthRun"))?.waitingUntil ?? null;
      await sleep?.(ms);
    };
    await writeState({ tokens: apart });
    const check = createHealthCheck({ ...d, concurrency: 1 });
    await check.start(null);
    await finished();
    expect(slept).toEqual([4_000, 7_000]);
    expect(waiting).not.toBeNull();
    expect((await read("tokenHealth"))[3]?.outcome).toMatchObject({
      kind: "ok",
      exitIp: "203.0.113.9",
    });
    expect((await read("healthRun"))?.waitingUntil).toBeNull();
  });

  it("a cancel stops the check and writes nothing for tokens it did not check", async () => {
    const noRelease = () => undefined;
    let release: () => void = noRelease;
    const { deps: d } = deps({ concurrency: 1 });
    const fetch = d.fetch;
    d.fetch = async (url, init) => {
      if (url === loginUrl(1)) {
        await new Promise<void>((resolve) => {
          release = resolve;
          init.signal?.addEventListener("abort", () => resolve());
        });
        throw new Error("aborted");
      }
      return fetch(url, init);
    };
    await writeState({
      tokens: apart,
      tokenHealth: { 3: { at: 5, outcome: { kind: "login-refused" } } },
    });
    const check = createHealthCheck(d);
    await check.start(null);
    // Cancelled while the first probe is out.
    await eventually(() => expect(release).not.toBe(noRelease));
    check.cancel();
    release();
    expect(await finished()).toMatchObject({ state: "cancelled", done: 0 });
    // The earlier result of a token not checked this time stays as it was.
    expect(await read("tokenHealth")).toEqual({ 3: { at: 5, outcome: { kind: "login-refused" } } });
  });

  it("says a run left by a stopped worker stopped, keeping its results; overlapping starts join", async () => {
    const stale = {
      worker: "gone",
      startedAt: 1,
      total: 3,
      done: 1,
      state: "running" as const,
      waitingUntil: null,
    };
    await writeState({
      healthRun: stale,
      tokenHealth: { 1: { at: 2, outcome: { kind: "timeout", afterMs: 10_000 } } },
    });
    const check = createHealthCheck(deps().deps);
    await eventually(async () =>
      expect(await read("healthRun")).toEqual({ ...stale, state: "stopped" }),
    );
    const [first, second] = await Promise.all([check.start([2]), check.start(null)]);
    expect(first).toEqual({ checking: 1, notChecked: 0, joined: false });
    expect(second.joined).toBe(true);
    expect(await finished()).toMatchObject({ state: "done", total: 1 });
    const results = await read("tokenHealth");
    expect(results[1]?.outcome.kind).toBe("timeout");
    expect(results[2]?.outcome.kind).toBe("ok");
  });

  it("says the run is done only once every result is stored (two areas: two writes)", async () => {
    // Results go to storage.local, the progress to storage.session: two calls that may land in
    // either order. Here local is the slower (Firefox keeps it on disk, session in memory).
    const localSet = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, "set").mockImplementation(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await localSet(items);
    });
    const storedWhenDone: string[][] = [];
    fakeBrowser.storage.session.onChanged.addListener(async (changes) => {
      if ((changes.healthRun?.newValue as { state?: string } | undefined)?.state !== "done") return;
      const { tokenHealth } = await fakeBrowser.storage.local.get("tokenHealth");
      storedWhenDone.push(Object.keys(JSON.parse(String(tokenHealth ?? "{}"))));
    });
    const check = createHealthCheck(deps().deps);
    await check.start(null);
    await finished();
    await eventually(() => expect(storedWhenDone).toHaveLength(1));
    expect(storedWhenDone[0]).toEqual(["1", "2", "3"]);
  });

  it("sends once more a probe request Chrome aborted while it dropped a login, and only once", async () => {
    const { deps: d } = deps({ concurrency: 1 });
    let listener: ((details: { url: string; error: string }) => void) | null = null;
    d.onErrorOccurred = {
      addListener: (l) => {
        listener = l;
      },
      removeListener: () => undefined,
    };
    // Token 1's login request is cut once (another address's login dropped meanwhile); token
    // 2's is cut every time.
    const sent = new Map<string, number>();
    d.fetch = async (url) => {
      const times = (sent.get(url) ?? 0) + 1;
      sent.set(url, times);
      if ((url === loginUrl(1) && times === 1) || url === loginUrl(2)) {
        listener?.({ url, error: "net::ERR_ABORTED" });
        throw new TypeError("Failed to fetch");
      }
      return new Response("", { status: 502 });
    };
    const check = createHealthCheck(d);
    await check.start([1, 2]);
    await finished();
    const results = await read("tokenHealth");
    expect(results[1]?.outcome.kind).toBe("ok");
    expect(sent.get(loginUrl(1))).toBe(2);
    expect(results[2]?.outcome).toEqual({ kind: "failed", error: "net::ERR_ABORTED" });
    expect(sent.get(loginUrl(2))).toBe(2);
  });

  it("answers a probed address's challenge with the probed token only while its probe runs", async () => {
    let during: unknown = "not asked";
    const { deps: d } = deps({ concurrency: 1 });
    let check: ReturnType<typeof createHealthCheck> | null = null;
    d.fetch = async (url) => {
      if (url === loginUrl(1)) during = (await check?.loginAt("GW.example.net", 8000))?.id ?? null;
      return new Response("", { status: 502 });
    };
    check = createHealthCheck(d);
    await writeState({ gatewayOwners: { "gw.example.net.:8000": 9 } });
    await check.start([1]);
    await finished();
    expect(during).toBe(1);
    expect(await check.loginAt("gw.example.net", 8000)).toBeNull();
  });

  it("a switch that takes a probe's spelling while it runs: challenges there get the switch's login from then on, and that token is not checked", async () => {
    // Token 3's login is held at the gateway's other spelling: the probe claims this one.
    await writeState({ gatewayOwners: { "gw.example.net.:8000": 3 } });
    const { deps: d } = deps({ concurrency: 1 });
    let check: ReturnType<typeof createHealthCheck> | null = null;
    const asked: (number | null)[] = [];
    const loginHere = async () => (await check?.loginAt("gw.example.net", 8000))?.id ?? null;
    d.fetch = async (url) => {
      if (url === loginUrl(1)) {
        asked.push(await loginHere());
        // The user switches to token 2 on the same gateway: both spellings hold a login, and
        // the one kept is token 3's (the token traffic leaves), so it takes the probe's.
        const [, two] = tokens;
        await changeOwners({ "gw.example.net:8000": 2 }, two ? [two] : [], async () => undefined);
        asked.push(await loginHere());
        return new Response("", { status: 407 });
      }
      return new Response("", { status: 502 });
    };
    check = createHealthCheck(d);
    await check.start([1]);
    await finished();
    expect(asked).toEqual([1, null]);
    expect((await read("tokenHealth"))[1]?.outcome).toEqual({
      kind: "not-checked",
      why: "gateway-in-use",
    });
    expect(await read("gatewayOwners")).toEqual({
      "gw.example.net:8000": 2,
      "gw.example.net.:8000": 3,
    });
  });

  it("a switch that takes a probe's spelling and gives it back while the probe runs still costs the result", async () => {
    await writeState({ gatewayOwners: { "gw.example.net.:8000": 3 } });
    const { deps: d } = deps({ concurrency: 1 });
    let check: ReturnType<typeof createHealthCheck> | null = null;
    const [one, two] = tokens;
    d.fetch = async (url) => {
      if (url === loginUrl(1) && one && two) {
        await changeOwners({ "gw.example.net:8000": 2 }, [two], async () => undefined);
        // A request of the probe's is asked meanwhile: its answer is token 2's login.
        expect(await check?.loginAt("gw.example.net", 8000)).toBeNull();
        await changeOwners({ "gw.example.net:8000": 1 }, [one], async () => undefined);
        return new Response("", { status: 407 });
      }
      return new Response("", { status: 502 });
    };
    check = createHealthCheck(d);
    await check.start([1]);
    await finished();
    expect((await read("tokenHealth"))[1]?.outcome).toEqual({
      kind: "not-checked",
      why: "gateway-in-use",
    });
  });

  it("a login edited while its probe runs: a challenge at the probed address gets the login as stored now", async () => {
    const { deps: d } = deps({ concurrency: 1 });
    let check: ReturnType<typeof createHealthCheck> | null = null;
    const passwords: (string | null)[] = [];
    const passwordHere = async () =>
      (await check?.loginAt("gw.example.net", 8000))?.password ?? null;
    d.fetch = async (url) => {
      if (url === loginUrl(1)) {
        passwords.push(await passwordHere());
        // The user edits token 1's password (a hand-added proxy's) while it is checked.
        await writeState({
          tokens: tokens.map((t) => (t.id === 1 ? { ...t, password: "edited" } : t)),
        });
        passwords.push(await passwordHere());
      }
      return new Response("", { status: 502 });
    };
    check = createHealthCheck(d);
    await check.start([1]);
    await finished();
    expect(passwords).toEqual(["secret1", "edited"]);
  });

  it("a refusal where a probe of the token is out is the probe's, whether it claimed the address or the token held it from an earlier connect", async () => {
    // Token 1 holds the gateway's first spelling (an earlier connect), token 3 the other one.
    await writeState({ gatewayOwners: { "gw.example.net:8000": 1, "gw.example.net.:8000": 3 } });
    const { deps: d } = deps({ concurrency: 1 });
    let check: ReturnType<typeof createHealthCheck> | null = null;
    const [one, two] = tokens;
    const seen: boolean[] = [];
    d.fetch = async (url) => {
      if (url === loginUrl(1) && one && two && check) {
        seen.push(check.probedAt({ ...one, host: "gw.example.net" }));
        seen.push(check.probedAt({ ...two, host: "gw.example.net" }));
        seen.push(check.probedAt({ ...one, host: "gw.example.net." }));
      }
      return new Response("", { status: 502 });
    };
    check = createHealthCheck(d);
    await check.start([1]);
    await finished();
    expect(seen).toEqual([true, false, false]);
    if (one) expect(check.probedAt({ ...one, host: "gw.example.net" })).toBe(false);
  });

  it("a start whose first save fails is not a run a later start joins", async () => {
    const check = createHealthCheck(deps().deps);
    const sessionSet = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    const failing = vi
      .spyOn(fakeBrowser.storage.session, "set")
      .mockImplementationOnce(async () => {
        throw new Error("quota");
      })
      .mockImplementation(sessionSet);
    await expect(check.start([1])).rejects.toThrow("quota");
    failing.mockRestore();
    expect(await check.start([1])).toEqual({ checking: 1, notChecked: 0, joined: false });
    expect(await finished()).toMatchObject({ state: "done", total: 1 });
  });
});
