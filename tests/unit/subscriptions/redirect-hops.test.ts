/**
 * Every redirect hop of a list fetch: the rule per hop (pure), the watcher that follows one
 * request's hops through `webRequest.onBeforeRedirect` (here an event fed by hand, as the
 * browsers fire it: one request id across the hops, tab -1 for the background's requests), and
 * `fetchList` refusing a chain with one bad hop even when it ends on https.
 */
import { describe, expect, it } from "vitest";
import { fetchList } from "../../../lib/background/list-fetch";
import {
  type RedirectDetails,
  type RedirectEvent,
  redirectWatcher,
} from "../../../lib/background/redirect-watch";
import { hopAllowed } from "../../../lib/subscriptions/redirect-hops";

describe("hopAllowed", () => {
  it.each([
    ["https://a.test/l", "https://b.test/l", true],
    ["https://a.test/l", "http://b.test/l", false],
    // Loopback over plain http only when the chain is there already (typed so by the user).
    ["https://a.test/l", "http://127.0.0.1:8080/l", false],
    ["http://127.0.0.1:8080/l", "http://localhost:9090/l", true],
    ["http://127.0.0.1:8080/l", "https://b.test/l", true],
    ["http://127.0.0.1:8080/l", "http://b.test/l", false],
    ["https://a.test/l", "ftp://b.test/l", false],
    ["https://a.test/l", "not a url", false],
  ])("%s → %s: %s", (from, to, allowed) => {
    expect(hopAllowed({ from, to })).toBe(allowed);
  });
});

/** An onBeforeRedirect the test fires, keeping its listeners as the browser would. */
function fakeEvent() {
  const listeners = new Set<(details: RedirectDetails) => void>();
  const event: RedirectEvent = {
    addListener: (listener) => void listeners.add(listener),
    removeListener: (listener) => void listeners.delete(listener),
  };
  const fire = (requestId: string, url: string, redirectUrl: string, tabId = -1) => {
    for (const listener of listeners) listener({ requestId, url, redirectUrl, tabId });
  };
  return { event, fire, listeners };
}

describe("redirectWatcher", () => {
  it("follows the hops of the request that started at the address, from no tab, and stops", async () => {
    const { event, fire, listeners } = fakeEvent();
    const hops: string[] = [];
    const trail = redirectWatcher(event)("https://a.test/l", (hop) =>
      hops.push(`${hop.from} → ${hop.to}`),
    );
    fire("9", "https://a.test/l", "https://x.test/", 4); // a tab loading the same address
    fire("7", "https://other.test/", "https://y.test/"); // another request of the background
    fire("8", "https://a.test/l", "http://b.test/l");
    fire("8", "http://b.test/l", "https://c.test/l");
    expect(hops).toEqual([
      "https://a.test/l → http://b.test/l",
      "http://b.test/l → https://c.test/l",
    ]);
    expect(await trail.reached("https://c.test/l", 0)).toBe(true);
    expect(await trail.reached("https://d.test/l", 10)).toBe(false);
    const later = trail.reached("https://d.test/l", 1_000);
    // A Location with a fragment: the answer's address has none.
    fire("8", "https://c.test/l", "https://d.test/l#top");
    expect(await later).toBe(true);
    trail.stop();
    expect(listeners.size).toBe(0);
  });
});

/** An answer as the browser gives it after following redirects. */
function redirectedAnswer(url: string, text: string): Response {
  const response = new Response(text, { status: 200, headers: { "Content-Type": "text/plain" } });
  Object.defineProperty(response, "redirected", { value: true });
  Object.defineProperty(response, "url", { value: url });
  return response;
}

describe("fetchList checks every hop", () => {
  const start = "https://lists.test/a";
  const end = "https://lists.test/final";

  it("refuses https → http → https at its http hop, and stops the request there", async () => {
    const { event, fire } = fakeEvent();
    let aborted = false;
    const result = await fetchList(
      async (_url, init) => {
        fire("1", start, "http://lists.test/hop");
        aborted = init.signal?.aborted ?? false;
        if (aborted) throw new DOMException("aborted", "AbortError");
        fire("1", "http://lists.test/hop", end);
        return redirectedAnswer(end, "||beta.test\n");
      },
      start,
      {},
      { watch: redirectWatcher(event) },
    );
    expect(aborted).toBe(true);
    expect(result).toEqual({
      kind: "failed",
      reason: "insecure-redirect",
      detail: "http://lists.test/hop",
    });
  });

  it("refuses it when the hops are told after the answer came (the events trail it)", async () => {
    const { event, fire } = fakeEvent();
    const result = await fetchList(
      async () => {
        setTimeout(() => {
          fire("1", start, "http://lists.test/hop");
          fire("1", "http://lists.test/hop", end);
        }, 20);
        return redirectedAnswer(end, "||beta.test\n");
      },
      start,
      {},
      { watch: redirectWatcher(event) },
    );
    expect(result).toMatchObject({ kind: "failed", reason: "insecure-redirect" });
  });

  it("takes a list redirected over https only; one whose hops were never told is not used", async () => {
    const { event, fire } = fakeEvent();
    const good = await fetchList(
      async () => {
        fire("1", start, end);
        return redirectedAnswer(end, "||beta.test\n");
      },
      start,
      {},
      { watch: redirectWatcher(event) },
    );
    expect(good).toMatchObject({ kind: "text", text: "||beta.test\n" });
    const unseen = await fetchList(
      async () => redirectedAnswer(end, "||beta.test\n"),
      start,
      {},
      { watch: redirectWatcher(fakeEvent().event) },
    );
    expect(unseen).toEqual({ kind: "failed", reason: "redirect-unchecked", detail: end });
  });
});
