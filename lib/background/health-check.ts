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

import { recordedAs } from "../diagnostics/record";
import type { HealthOutcome, HealthResults, HealthRun } from "../health/health";
import { groupByKey, runInLanes } from "../health/probe-lanes";
import { type ProbeSlot, planProbes } from "../health/probe-plan";
import type { HealthStart } from "../protocol/commands";
import { claimOwners, makeOwnersKnown, releaseClaims } from "../proxy/gateway-owners";
import type { ProbeTargets, ProxyPlatform } from "../proxy/platform";
import type { Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";
import { read, readState } from "../storage/read";
import { saveHealth, stopRunOfOtherWorker } from "./health-store";
import { createProbeAddresses } from "./probe-addresses";
import { createProbeRequests, type ErrorEvents, type ProbeRequests } from "./probe-request";
import { probeToken } from "./token-probe";

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

export function createHealthCheck(deps: HealthCheckDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const concurrency = deps.concurrency ?? 4;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const worker = `w${now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const { probes } = deps.platform;

  let current: { run: HealthRun; cancelled: boolean; aborts: Set<AbortController> } | null = null;
  const addresses = createProbeAddresses(deps.platform.oneLoginPerEndpoint);
  const staleRunChecked = stopRunOfOtherWorker(worker).catch(recordedAs("health:stale-run"));

  let starting: Promise<HealthStart> | null = null;
  /** Starts a run; a second "Check all" while one starts or runs joins it. */
  function start(tokenIds: readonly number[] | null): Promise<HealthStart> {
    if (current)
      return Promise.resolve({ checking: current.run.total, notChecked: 0, joined: true });
    if (starting) return starting.then((started) => ({ ...started, joined: true }));
    starting = begin(tokenIds).finally(() => {
      starting = null;
    });
    return starting;
  }

  async function begin(tokenIds: readonly number[] | null): Promise<HealthStart> {
    await staleRunChecked;
    const { tokens, gatewayOwners, settings } = await readState([
      "tokens",
      "gatewayOwners",
      "settings",
    ]);
    const wanted = tokenIds ? new Set(tokenIds) : null;
    const chosen = tokens.filter((t) => !wanted || wanted.has(t.id));
    // Nothing recorded by this version yet: what Chrome caches is unknown (gateway-owners.ts).
    if (gatewayOwners === null && deps.platform.oneLoginPerEndpoint) {
      await makeOwnersKnown(tokens, (_tokens, at) => deps.platform.probes.forgetAddresses(at));
    }
    const plan = planProbes(chosen, deps.platform, gatewayOwners ?? {});
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
    // Not saved, not started: a later Check all must not join a run that never ran.
    await save(skipped, run, new Set(tokens.map((t) => t.id))).catch((error: unknown) => {
      current = null;
      throw error;
    });
    void execute(plan.slots, settings).catch(recordedAs("health:run"));
    return { checking: plan.slots.length, notChecked: plan.skipped.length, joined: false };
  }

  function cancel(): void {
    if (!current) return;
    current.cancelled = true;
    for (const abort of current.aborts) abort.abort();
  }

  const save = saveHealth;

  async function execute(slots: ProbeSlot[], settings: Settings): Promise<void> {
    const state = current;
    if (!state) return;
    const requests = createProbeRequests({ ...deps, now, timeoutMs });
    let pending: HealthResults = {};
    let lastWrite = now();
    let writing = Promise.resolve();
    const flushResults = (force = false) => {
      if (!force && now() - lastWrite < WRITE_EVERY_MS) return writing;
      lastWrite = now();
      const batch = pending;
      pending = {};
      const run = { ...state.run };
      writing = writing.then(() => save(batch, run)).catch(recordedAs("health:save"));
      return writing;
    };
    // An address that held no login holds the probe's from now on, recorded before it signs
    // in; one a switch took since the plan is not probed (it holds that token's login).
    const claims = Object.fromEntries(
      slots.filter((slot) => slot.claims).map((slot) => [slot.key, slot.token.id]),
    );
    try {
      const { activeTokenId } = await read("connection");
      deps.retryLogins();
      const taken = await claimOwners(claims);
      const lost = (slot: ProbeSlot) => slot.claims && taken.has(slot.key);
      for (const slot of slots.filter(lost)) {
        pending[slot.token.id] = {
          at: now(),
          outcome: { kind: "not-checked", why: "gateway-in-use" },
        };
        state.run = { ...state.run, done: state.run.done + 1 };
      }
      const groups = groupByKey(slots.filter((slot) => !lost(slot)));
      await probes.open(
        groups.map(([first]) => ({ host: first?.host ?? "", port: first?.port ?? 0 })),
      );
      await runInLanes(groups, concurrency, {
        cancelled: () => state.cancelled,
        probe: async (slot, index) => {
          const outcome = await probe(slot, index, settings, requests).catch(
            (error: unknown): HealthOutcome => ({
              kind: "failed",
              error: String(error).slice(0, 200),
            }),
          );
          if (state.cancelled) return;
          const learned = await exitFromStatus(slot.token, activeTokenId, outcome).catch(
            // The status unread: the outcome without the exit, not the run's end.
            () => outcome,
          );
          pending[slot.token.id] = { at: now(), outcome: learned };
          state.run = { ...state.run, done: state.run.done + 1, waitingUntil: null };
          void flushResults();
        },
        keyDone: async () => undefined,
      });
    } finally {
      releaseClaims(claims);
      requests.stop();
      await probes.close().catch(recordedAs("health:close"));
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

  /** Waits its turn under the provider's rate limit, saying so in the progress. */
  async function waitFor(ms: number): Promise<void> {
    if (ms <= 0 || !current) return;
    current.run = { ...current.run, waitingUntil: now() + ms };
    await save({}, current.run).catch(recordedAs("health:save"));
    await sleep(ms);
  }

  async function probe(
    slot: ProbeSlot,
    index: number,
    settings: Settings,
    requests: ProbeRequests,
  ): Promise<HealthOutcome> {
    const token = { ...slot.token, host: slot.host };
    const targets: ProbeTargets = probes.targets(token, index, settings.baseUrl || null);
    addresses.enter(slot);
    try {
      const outcome = await probeToken(targets, {
        send: (url) => requests.send(url, current?.aborts),
        apiTurn: () => waitFor(deps.reserveApiRequest(settings)),
        wait: waitFor,
        refused: () => deps.isRefused(slot.token),
      });
      // A switch took the probe's spelling meanwhile: what followed went with its login.
      return (await addresses.heldThroughout(slot))
        ? outcome
        : { kind: "not-checked", why: "gateway-in-use" };
    } finally {
      probes.finished(targets);
      addresses.leave(slot);
    }
  }

  return {
    start,
    cancel,
    /**
     * Probes are out: Chrome's proxy error event, which names no request, may be theirs (a
     * gateway the check found down is no problem of the user's token).
     */
    probing: addresses.any,
    /** Firefox checks through the provider's exit-IP address: it needs the provider's URL. */
    needsProvider: !deps.platform.oneLoginPerEndpoint,
    loginAt: addresses.loginAt,
    probedAt: addresses.probedAt,
  };
}

export type HealthCheck = ReturnType<typeof createHealthCheck>;
