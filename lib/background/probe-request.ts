/**
 * One request of a health probe, and how it ended: its answer's status (and a 200's body, the
 * provider's exit-IP answer), or the browser's own words for its failure
 * (`net::ERR_PROXY_CONNECTION_FAILED`, `NS_ERROR_PROXY_CONNECTION_REFUSED`…: fetch rejects with
 * a bare TypeError, webRequest says why), or nothing in time. Listens only while a check runs.
 */
import { ipInfoResponseSchema } from "../api/lookup-schemas";
import type { ProbeResponse } from "../health/probe-outcome";
import { isProbeUrl } from "../health/probe-target";

type ErrorListener = (details: { url: string; error: string }) => void;

export interface ErrorEvents {
  addListener(listener: ErrorListener, filter: { urls: string[] }): void;
  removeListener(listener: ErrorListener): void;
}

export interface ProbeAnswer {
  response: ProbeResponse;
  body: string | null;
  /** The provider's Retry-After (s), on a 429. */
  retryAfterS: number | null;
  /** From sending to the answer's headers (or the failure). */
  ms: number;
}

/**
 * Chromium drops a cached login by closing every connection of the profile, whatever the
 * origin (browsingData "cookies" → NetworkContext::ClearHttpAuthCache →
 * CloseAllConnections(ERR_ABORTED)): a request still being connected can fail with this. The
 * check drops a probed address's login between two probes there while other probes run.
 */
const CUT_BY_LOGIN_DROP = "net::ERR_ABORTED";

/**
 * How long a rejected fetch waits for its webRequest event (they race). The event crosses
 * processes: on a loaded machine (a CI run beside two others, Firefox ESR 153) it came after
 * 300 ms, and a gateway that refused connections read as "failed: network error" rather than
 * "unreachable". The wait ends as soon as the event comes.
 */
export const EVENT_WAIT_MS = 2_000;
const MAX_KEPT = 200;

export function createProbeRequests(deps: {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  onErrorOccurred: ErrorEvents;
  now: () => number;
  timeoutMs: number;
}) {
  const seen = new Map<string, string>();
  const waiting = new Map<string, (error: string) => void>();
  const listener: ErrorListener = ({ url, error }) => {
    if (!isProbeUrl(url)) return;
    const resolve = waiting.get(url);
    if (resolve) return resolve(error);
    seen.set(url, error);
    if (seen.size > MAX_KEPT) seen.delete(seen.keys().next().value ?? "");
  };
  deps.onErrorOccurred.addListener(listener, { urls: ["<all_urls>"] });

  /** The error the browser reported for this URL, or null if it said nothing in time. */
  function errorOf(url: string): Promise<string | null> {
    const known = seen.get(url);
    if (known !== undefined) {
      seen.delete(url);
      return Promise.resolve(known);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(url);
        resolve(null);
      }, EVENT_WAIT_MS);
      waiting.set(url, (error) => {
        clearTimeout(timer);
        waiting.delete(url);
        resolve(error);
      });
    });
  }

  /**
   * Sends one probe request; `aborts` lets a cancel stop it. A request the browser aborted
   * while it dropped logins (CUT_BY_LOGIN_DROP) is sent once more: that says nothing of its
   * token.
   */
  async function send(url: string, aborts?: Set<AbortController>): Promise<ProbeAnswer> {
    const first = await sendOnce(url, aborts);
    const { response } = first;
    const cut = response.kind === "error" && response.error === CUT_BY_LOGIN_DROP;
    return cut ? sendOnce(url, aborts) : first;
  }

  async function sendOnce(url: string, aborts?: Set<AbortController>): Promise<ProbeAnswer> {
    const abort = new AbortController();
    aborts?.add(abort);
    const timer = setTimeout(() => abort.abort(), deps.timeoutMs);
    const started = deps.now();
    try {
      const answer = await deps.fetch(url, {
        cache: "no-store",
        credentials: "omit",
        redirect: "manual",
        signal: abort.signal,
      });
      const ms = deps.now() - started;
      // A body cut short: no exit IP learned from it, the status still tells the outcome.
      const body = answer.status === 200 ? await answer.text().catch(() => null) : null;
      const retryAfter = Number(answer.headers.get("Retry-After"));
      return {
        response: { kind: "status", status: answer.status },
        body,
        retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        ms,
      };
    } catch {
      // The probe's outcome (shown in Token health) says it: a timeout, or the browser's error.
      const response: ProbeResponse = abort.signal.aborted
        ? { kind: "timeout", afterMs: deps.now() - started }
        : { kind: "error", error: (await errorOf(url)) ?? "network error" };
      return { response, body: null, retryAfterS: null, ms: deps.now() - started };
    } finally {
      clearTimeout(timer);
      aborts?.delete(abort);
    }
  }

  return { send, stop: () => deps.onErrorOccurred.removeListener(listener) };
}

export type ProbeRequests = ReturnType<typeof createProbeRequests>;

/** The exit address in the provider's answer to /token/check/ip, or null. */
export function exitIpOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed = ipInfoResponseSchema.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.code === 0 ? parsed.data.data.ip || null : null;
  } catch {
    // Not JSON: no exit IP in this answer, which the probe reports as such.
    return null;
  }
}
