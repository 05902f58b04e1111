/**
 * "Check all": each token's health, probed through its own gateway (lib/health/): whether the
 * gateway answers, whether it takes the login, how long a request through it takes, and the
 * exit address where that can be learned without moving the user's own traffic.
 *
 * A bounded number of probes at once, one at a time per gateway address (probe-plan.ts). The
 * progress is in storage.session (`healthRun`) and the results, with their time, in
 * storage.local (`tokenHealth`), written at most once a second. A run belongs to one worker
 * life: a worker that wakes to find another's run "running" says it stopped; the results it
 * wrote stay. One run at a time: a second "Check all" while one runs joins it.
 */
import { ipInfoResponseSchema } from "../api/lookup-schemas";
import type { HealthOutcome, HealthResults, HealthRun } from "../health/health";
import { loginOutcome, type ProbeResponse } from "../health/probe-outcome";
import { type ProbeSlot, planProbes } from "../health/probe-plan";
import type { HealthStart } from "../protocol/commands";
import type { ProbeTargets, ProxyPlatform } from "../proxy/platform";
import { read, readState } from "../state/read";
import type { Settings } from "../state/settings";
import { updateState } from "../state/store";
import type { StoredToken } from "../state/tokens";
import { createProbeErrors, type ErrorEvents } from "./probe-errors";

export interface HealthCheckDeps {
  platform: Pick<ProxyPlatform, "probes" | "oneLoginPerEndpoint" | "supportsSocksAuth">;
  /** The API client's rate limit: how long a request to the provider must wait (ms). */
  reserveApiRequest: (settings: Settings) => number;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  onErrorOccurred: ErrorEvents;
  /** The auth responder refused this login (its challenges are cancelled). */
  isRefused: (token: StoredToken) => boolean;
  /** The user's check is their say-so to send refused passwords once more. */
  retryLogins: () => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Probes at once (default 4). */
  concurrency?: number;
  /** Each request's limit (default 10 s). */
  timeoutMs?: number;
}

const WRITE_EVERY_MS = 1_000;
/** A provider's 429: waits before the exit-IP request is asked again, then it is left out. */
const RATE_LIMIT_RETRIES = 2;

export function createHealthCheck(deps: HealthCheckDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const concurrency = deps.concurrency ?? 4;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const worker = `w${now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const { probes } = deps.platform;

  let current: { run: HealthRun; cancelled: boolean; aborts: Set<AbortController> } | null = null;
  /** The token each probed address answers challenges with while its probe runs (Chrome). */
  const probing = new Map<string, ProbeSlot>();

  // A run left "running" by a worker that is gone stopped with it.
  const staleRunChecked = updateState(["healthRun"], ({ healthRun }) => ({
    write:
      healthRun?.state === "running" && healthRun.worker !== worker
        ? { healthRun: { ...healthRun, state: "stopped" as const, waitingUntil: null } }
        : {},
    result: undefined,
  })).catch(() => undefined);

  async function start(tokenIds: readonly number[] | null): Promise<HealthStart> {
    await staleRunChecked;
    if (current) return { checking: current.run.total, notChecked: 0, joined: true };
    const { tokens, gatewayOwners, settings } = await readState([
      "tokens",
      "gatewayOwners",
      "settings",
    ]);
    const wanted = tokenIds ? new Set(tokenIds) : null;
    const chosen = tokens.filter((t) => !wanted || wanted.has(t.id));
    const plan = planProbes(chosen, deps.platform, gatewayOwners);
    const at = now();
    const run: HealthRun = {
      worker,
      startedAt: at,
      total: chosen.length,
      done: plan.skipped.length,
      state: "running",
      waitingUntil: null,
    };
    current = { run, cancelled: false, aborts: new Set() };
    const skipped: HealthResults = {};
    for (const { token, why } of plan.skipped) {
      skipped[token.id] = { at, outcome: { kind: "not-checked", why } };
    }
    await save(skipped, run);
    void execute(plan.slots, settings).catch(() => undefined);
    return { checking: plan.slots.length, notChecked: plan.skipped.length, joined: false };
  }

  function cancel(): void {
    if (!current) return;
    current.cancelled = true;
    for (const abort of current.aborts) abort.abort();
  }

  async function save(results: HealthResults, run: HealthRun): Promise<void> {
    await updateState(["tokenHealth", "healthRun"], ({ tokenHealth }) => ({
      write: { tokenHealth: { ...tokenHealth, ...results }, healthRun: run },
      result: undefined,
    }));
  }

  async function execute(slots: ProbeSlot[], settings: Settings): Promise<void> {
    const state = current;
    if (!state) return;
    const errors = createProbeErrors(deps.onErrorOccurred);
    let pending: HealthResults = {};
    let lastWrite = now();
    let writing = Promise.resolve();
    const flushResults = (force = false) => {
      if (!force && now() - lastWrite < WRITE_EVERY_MS) return writing;
      lastWrite = now();
      const batch = pending;
      pending = {};
      const run = { ...state.run };
      writing = writing.then(() => save(batch, run)).catch(() => undefined);
      return writing;
    };
    // One lane per address at a time: its probes in turn, so its cached login is theirs.
    const byAddress = new Map<string, ProbeSlot[]>();
    for (const slot of slots) byAddress.set(slot.key, [...(byAddress.get(slot.key) ?? []), slot]);
    const addresses = [...byAddress.values()];
    const { activeTokenId } = await read("connection");
    deps.retryLogins();
    try {
      await probes.open(
        addresses.map(([first]) => ({ host: first?.host ?? "", port: first?.port ?? 0 })),
      );
      let nextAddress = 0;
      const lane = async (): Promise<void> => {
        while (!state.cancelled && nextAddress < addresses.length) {
          const index = nextAddress++;
          for (const slot of addresses[index] ?? []) {
            if (state.cancelled) return;
            const outcome = await probe(slot, index, settings, errors);
            if (state.cancelled) return;
            const learned = await exitFromStatus(slot.token, activeTokenId, outcome);
            pending[slot.token.id] = { at: now(), outcome: learned };
            state.run = { ...state.run, done: state.run.done + 1, waitingUntil: null };
            void flushResults();
          }
          const [first] = addresses[index] ?? [];
          // A probed address the user's traffic does not use keeps no login behind.
          if (first?.flush) await probes.forgetAddress(first).catch(() => undefined);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, addresses.length) }, lane));
    } finally {
      errors.stop();
      await probes.close().catch(() => undefined);
      state.run = {
        ...state.run,
        state: state.cancelled ? "cancelled" : "done",
        waitingUntil: null,
      };
      current = null;
      await flushResults(true);
    }
  }

  /** Chrome learns no exit address by probing: the connected token's, if checked through it. */
  async function exitFromStatus(
    token: StoredToken,
    activeTokenId: number | null,
    outcome: HealthOutcome,
  ): Promise<HealthOutcome> {
    if (outcome.kind !== "ok" || outcome.exitIp !== null || token.id !== activeTokenId) {
      return outcome;
    }
    const { exitIp } = await read("status");
    return exitIp?.viaTokenId === token.id ? { ...outcome, exitIp: exitIp.ip } : outcome;
  }

  /** One request of a probe: its answer's status and body, or how it failed. */
  async function request(
    url: string,
    errors: ReturnType<typeof createProbeErrors>,
  ): Promise<{ response: ProbeResponse; body: string | null; retryAfterS: number | null }> {
    const abort = new AbortController();
    current?.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    const started = now();
    try {
      const answer = await deps.fetch(url, {
        cache: "no-store",
        credentials: "omit",
        redirect: "manual",
        signal: abort.signal,
      });
      const body = answer.status === 200 ? await answer.text().catch(() => null) : null;
      const retryAfter = Number(answer.headers.get("Retry-After"));
      return {
        response: { kind: "status", status: answer.status },
        body,
        retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    } catch {
      if (abort.signal.aborted) {
        return {
          response: { kind: "timeout", afterMs: now() - started },
          body: null,
          retryAfterS: null,
        };
      }
      const error = (await errors.of(url)) ?? "network error";
      return { response: { kind: "error", error }, body: null, retryAfterS: null };
    } finally {
      clearTimeout(timer);
      current?.aborts.delete(abort);
    }
  }

  /** Waits its turn under the provider's rate limit, saying so in the progress. */
  async function waitFor(ms: number): Promise<void> {
    if (ms <= 0 || !current) return;
    current.run = { ...current.run, waitingUntil: now() + ms };
    await save({}, current.run).catch(() => undefined);
    await sleep(ms);
  }

  async function probe(
    slot: ProbeSlot,
    index: number,
    settings: Settings,
    errors: ReturnType<typeof createProbeErrors>,
  ): Promise<HealthOutcome> {
    const token = { ...slot.token, host: slot.host };
    if (slot.flush) await probes.forgetAddress(slot);
    probing.set(slot.key, slot);
    const targets: ProbeTargets = probes.targets(token, index, settings.baseUrl || null);
    // The exit-IP request asks the provider: it takes its turn under the plan's rate limit.
    const loginRequest = async () => {
      if (targets.learnsExitIp) await waitFor(deps.reserveApiRequest(settings));
      return request(targets.login, errors);
    };
    try {
      let login = await loginRequest();
      for (let retry = 0; targets.learnsExitIp && retry < RATE_LIMIT_RETRIES; retry++) {
        if (login.response.kind !== "status" || login.response.status !== 429) break;
        await waitFor((login.retryAfterS ?? 2 ** retry * 5) * 1_000);
        login = await loginRequest();
      }
      const refusedAtLogin = loginOutcome(login.response, deps.isRefused(slot.token));
      if (refusedAtLogin) return refusedAtLogin;
      const exitIp = targets.learnsExitIp ? exitIpOf(login.body) : null;
      const started = now();
      const timed = await request(targets.timed, errors);
      const latencyMs = now() - started;
      return (
        loginOutcome(timed.response, deps.isRefused(slot.token)) ?? {
          kind: "ok",
          latencyMs,
          exitIp,
        }
      );
    } finally {
      probes.finished(targets);
      probing.delete(slot.key);
    }
  }

  return {
    start,
    cancel,
    /** Chrome: the token a probed address signs in with while its probe runs, else null. */
    loginAt(host: string, port: number): StoredToken | null {
      const slot = probing.get(`${host.replace(/^\[|\]$/g, "").toLowerCase()}:${port}`);
      return slot ? { ...slot.token, host: slot.host } : null;
    },
    /**
     * A refusal met at an address only a probe uses: the probe reports it; the user's traffic,
     * at its own addresses, keeps its logins (dropping them would cut its open requests).
     */
    onProbeOnlyAddress(token: StoredToken): boolean {
      const slot = probing.get(`${token.host.toLowerCase()}:${token.port}`);
      return slot?.flush === true && slot.token.id === token.id;
    },
  };
}

function exitIpOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed = ipInfoResponseSchema.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.code === 0 ? parsed.data.data.ip || null : null;
  } catch {
    return null;
  }
}

export type HealthCheck = ReturnType<typeof createHealthCheck>;
