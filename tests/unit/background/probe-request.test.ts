/**
 * A probe request's failure in the browser's own words: the fetch's rejection and the
 * webRequest event race, and the event may come well after the rejection on a loaded machine.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createProbeRequests, EVENT_WAIT_MS } from "../../../lib/background/probe-request";
import { firefoxProbeUrl } from "../../../lib/health/probe-target";

afterEach(() => vi.useRealTimers());

function refusingBrowser() {
  let listener: ((details: { url: string; error: string }) => void) | null = null;
  const requests = createProbeRequests({
    fetch: () => Promise.reject(new TypeError("NetworkError when attempting to fetch resource.")),
    onErrorOccurred: {
      addListener: (l) => {
        listener = l;
      },
      removeListener: () => {
        listener = null;
      },
    },
    now: Date.now,
    timeoutMs: 10_000,
  });
  const report = (url: string, error: string) => listener?.({ url, error });
  return { requests, report };
}

describe("probe requests", () => {
  it("the browser's words for a failure that come a second after the fetch rejected are still its outcome", async () => {
    vi.useFakeTimers();
    const { requests, report } = refusingBrowser();
    const url = firefoxProbeUrl("n7", "https://api.example.test");
    const answer = requests.send(url);
    await vi.advanceTimersByTimeAsync(1_000);
    report(url, "NS_ERROR_PROXY_CONNECTION_REFUSED");
    expect((await answer).response).toEqual({
      kind: "error",
      error: "NS_ERROR_PROXY_CONNECTION_REFUSED",
    });
  });

  it("with no word from the browser at all, the failure is a network error once the wait is over", async () => {
    vi.useFakeTimers();
    const { requests } = refusingBrowser();
    const answer = requests.send(firefoxProbeUrl("n8", "https://api.example.test"));
    await vi.advanceTimersByTimeAsync(EVENT_WAIT_MS);
    expect((await answer).response).toEqual({ kind: "error", error: "network error" });
  });
});
