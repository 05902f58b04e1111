/**
 * Rule lists by URL, the background's part, over real extension storage (fakeBrowser) and real
 * HTTP to the sandbox's list host: validators sent back, each failure keeping the last good
 * copy, overlapping updates joined, a rule changed meanwhile left alone, and the editor's copy
 * of a rule never putting old lines back.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { patchSiteRules, saveSiteRules } from "../../../lib/background/site-rules";
import { createSubscriptions } from "../../../lib/background/subscriptions";
import { rulesTranslate } from "../../../lib/i18n/rules-strings";
import { sourceText } from "../../../lib/options/rules-editor";
import type { SiteRule } from "../../../lib/routing/rules";
import type { StoredToken } from "../../../lib/state/tokens";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import type { ListFetch } from "../../sandbox/rule-lists";
import { control } from "../../sandbox/test-helpers";
import { useSandbox } from "../../sandbox/use-sandbox";
import { makeToken } from "../stored-token";

const sb = useSandbox();

const listUrl = (name: string) => `${sb.baseUrl}/lists/${name}`;
const serve = (name: string, body: Record<string, unknown>) =>
  control(sb, "POST", `lists/${name}`, {
    status: 200,
    delay_ms: 0,
    pad_bytes: 0,
    content_type: "text/plain",
    ...body,
  });
const log = async () =>
  ((await control(sb, "GET", "list-log")).json as { fetches: ListFetch[] }).fetches;

function setup(options: { timeoutMs?: number; tokens?: StoredToken[] } = {}) {
  const changes: number[] = [];
  const sentThrough: (number | null)[] = [];
  const subscriptions = createSubscriptions({
    sendVia: (token) => (url, init) => {
      sentThrough.push(token?.id ?? null);
      return fetch(url, init);
    },
    unusable: (token) => (token ? null : "token-missing"),
    rulesChanged: async () => {
      changes.push(Date.now());
    },
    timeoutMs: options.timeoutMs,
  });
  return { subscriptions, changes, sentThrough };
}

async function subscribed(...args: Parameters<typeof subscribe>) {
  const outcome = await subscribe(...args);
  if (!outcome.subscribed) throw new Error(JSON.stringify(outcome));
  return outcome.ruleId;
}

/** Subscribes to the served list `name`, blocking its sites; the outcome as it comes. */
const subscribe = (
  subscriptions: ReturnType<typeof setup>["subscriptions"],
  name = "a",
  via: { kind: "direct" } | { kind: "token"; tokenId: number } = { kind: "direct" },
) =>
  subscriptions.subscribe({
    name,
    url: listUrl(name),
    via,
    everyHours: 24,
    route: { kind: "block" },
  });

const linesOf = async (id: string) => {
  const rule = (await read("siteRules")).find((r) => r.id === id);
  return rule?.source.type === "list" ? rule.source.lines : undefined;
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe("subscribe", () => {
  it("adds the fetched list as one rule, with its validators kept", async () => {
    await serve("a", { text: "||a.example\n||b.example\nnot a rule line\n" });
    const { subscriptions, changes } = setup();
    const id = await subscribed(subscriptions);
    expect(await linesOf(id)).toEqual(["||a.example", "||b.example"]);
    const state = (await read("subscriptionStatus"))[id];
    expect(state?.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(state?.lastModified).toMatch(/GMT$/);
    expect(state?.rejected).toBe(1);
    expect(changes).toHaveLength(1);
  });

  it("an AutoProxy list: the subscribe message and the rule's row count the same lines", async () => {
    await serve("a", { text: "[AutoProxy 0.2.9]\n! comment\n||a.example\n@@||b.a.example\n" });
    const outcome = await subscribe(setup().subscriptions);
    if (!outcome.subscribed) throw new Error(JSON.stringify(outcome));
    const rule = (await read("siteRules")).find((r) => r.id === outcome.ruleId);
    if (rule?.source.type !== "list") throw new Error("no list rule");
    // The header is stored (it says how bare lines read) but is no rule line: 2, not 3.
    expect(rule.source.lines).toHaveLength(3);
    expect(outcome.lines).toBe(2);
    expect(sourceText(rule.source, rulesTranslate("en"))).toBe("List “a” (2 lines)");
  });

  it("adds nothing when the list cannot be used, and says why", async () => {
    await serve("a", { text: "<html><body>login</body></html>" });
    const outcome = await subscribe(setup().subscriptions);
    expect(outcome).toMatchObject({ subscribed: false, problem: { reason: "html" } });
    expect(await read("siteRules")).toEqual([]);
  });

  it("refuses plain http to another machine before any request", async () => {
    const { subscriptions, sentThrough } = setup();
    const outcome = await subscriptions.subscribe({
      name: "a",
      url: "http://lists.example/a.txt",
      via: { kind: "direct" },
      everyHours: 24,
      route: { kind: "block" },
    });
    expect(outcome).toEqual({ subscribed: false, problem: "bad-url" });
    expect(sentThrough).toEqual([]);
  });
});

describe("update", () => {
  it("asks with the validators; a 304 keeps the lines and rewrites no rule", async () => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions, changes } = setup();
    const id = await subscribed(subscriptions);
    expect(await subscriptions.update(id)).toEqual({ kind: "unchanged" });
    const last = (await log()).at(-1);
    expect(last?.status).toBe(304);
    expect(last?.ifNoneMatch).toBe((await read("subscriptionStatus"))[id]?.etag);
    expect(changes).toHaveLength(1);
  });

  it("lines that came back otherwise (a policy's rule put back empty) are fetched whole, not confirmed by a 304", async () => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions } = setup();
    const id = await subscribed(subscriptions);
    const [rule] = await read("siteRules");
    if (rule?.source.type !== "list") throw new Error("a list rule");
    await writeState({ siteRules: [{ ...rule, source: { ...rule.source, lines: [] } }] });
    expect(await subscriptions.update(id)).toEqual({ kind: "changed", added: 1, removed: 0 });
    const last = (await log()).at(-1);
    expect(last).toMatchObject({ status: 200, ifNoneMatch: null });
    expect(await linesOf(id)).toEqual(["||a.example"]);
  });

  it("the states of rules gone from the list go with the next write", async () => {
    await serve("a", { text: "||a.example\n" });
    await serve("b", { text: "||b.example\n" });
    const { subscriptions } = setup();
    const a = await subscribed(subscriptions, "a");
    const b = await subscribed(subscriptions, "b");
    await saveSiteRules((await read("siteRules")).filter((r) => r.id !== a));
    await subscriptions.update(b);
    expect(Object.keys(await read("subscriptionStatus"))).toEqual([b]);
  });

  it("a changed list replaces the lines, counts the change, and the routes follow", async () => {
    await serve("a", { text: "||a.example\n||b.example\n" });
    const { subscriptions, changes } = setup();
    const id = await subscribed(subscriptions);
    await serve("a", { text: "||b.example\n||c.example\n||d.example\n" });
    expect(await subscriptions.update(id)).toEqual({ kind: "changed", added: 2, removed: 1 });
    expect(await linesOf(id)).toEqual(["||b.example", "||c.example", "||d.example"]);
    expect((await read("subscriptionStatus"))[id]?.change).toMatchObject({ added: 2, removed: 1 });
    expect(changes).toHaveLength(2);
  });

  it.each([
    [{ status: 500 }, "status", "500"],
    [{ status: 404 }, "status", "404"],
    [{ text: "<!DOCTYPE html><title>x</title>" }, "html", undefined],
    [{ text: "||z.example\n", pad_bytes: 6 * 1024 * 1024 }, "too-large", "5242880"],
    [{ text: "! comments only\n" }, "unusable", "only-comments"],
    [{ text: "@@||a.example\n" }, "unusable", "only-exceptions"],
  ])("%j keeps the last good copy and says why (%s)", async (answer, reason, detail) => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions, changes } = setup();
    const id = await subscribed(subscriptions);
    await serve("a", answer);
    const outcome = await subscriptions.update(id);
    expect(outcome).toMatchObject({ kind: "failed", state: { problem: { reason } } });
    if (detail) expect(outcome).toMatchObject({ state: { problem: { detail } } });
    expect(await linesOf(id)).toEqual(["||a.example"]);
    const state = (await read("subscriptionStatus"))[id];
    expect(state?.fetchedAt).toBeLessThanOrEqual(state?.problem?.at ?? 0);
    expect(state?.startedAt).toBeUndefined();
    expect(changes).toHaveLength(1);
    // The next good answer clears the problem.
    await serve("a", { text: "||a.example\n", status: 200, pad_bytes: 0 });
    await subscriptions.update(id);
    expect((await read("subscriptionStatus"))[id]?.problem).toBeUndefined();
  });

  it("gives up after its timeout and keeps the list", async () => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions } = setup({ timeoutMs: 200 });
    const id = await subscribed(subscriptions);
    await serve("a", { delay_ms: 1_000 });
    expect(await subscriptions.update(id)).toMatchObject({
      kind: "failed",
      state: { problem: { reason: "timeout" } },
    });
    expect(await linesOf(id)).toEqual(["||a.example"]);
  });

  it("joins an update of the same rule already on its way: one request", async () => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions } = setup();
    const id = await subscribed(subscriptions);
    await serve("a", { text: "||b.example\n", delay_ms: 200 });
    const before = (await log()).length;
    const [first, second] = await Promise.all([subscriptions.update(id), subscriptions.update(id)]);
    expect(first).toEqual(second);
    expect((await log()).length - before).toBe(1);
  });

  it("leaves a rule alone that was deleted or pointed elsewhere meanwhile", async () => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions } = setup();
    const id = await subscribed(subscriptions);
    await serve("a", { text: "||b.example\n", delay_ms: 300 });
    const pending = subscriptions.update(id);
    await saveSiteRules([]);
    expect(await pending).toEqual({ kind: "gone" });
    expect(await read("siteRules")).toEqual([]);
  });

  it("fetches through the chosen token, and not at all through one that is gone", async () => {
    const token = makeToken({ id: 7 });
    await writeState({ tokens: [token] });
    await serve("a", { text: "||a.example\n" });
    const { subscriptions, sentThrough } = setup();
    const id = await subscribed(subscriptions, "a", { kind: "token", tokenId: 7 });
    expect(sentThrough).toEqual([7]);
    await writeState({ tokens: [] });
    expect(await subscriptions.update(id)).toMatchObject({
      kind: "failed",
      state: { problem: { reason: "via-unusable", detail: "token-missing" } },
    });
    expect(sentThrough).toEqual([7]);
  });
});

describe("updateDue", () => {
  it("fetches a list that arrived without lines (sync, policy) and one a stopped worker cut off", async () => {
    await serve("a", { text: "||a.example\n" });
    await serve("b", { text: "||b.example\n" });
    const subscription = (name: string) => ({
      url: listUrl(name),
      via: { kind: "direct" as const },
      everyHours: 24,
    });
    const rules: SiteRule[] = ["a", "b"].map((name) => ({
      id: name,
      enabled: true,
      route: { kind: "block" },
      source: { type: "list", name, lines: [], subscription: subscription(name) },
    }));
    await saveSiteRules(rules);
    const at = Date.now();
    await writeState({
      subscriptionStatus: {
        // b: checked an hour ago, then an update began that never ended.
        b: { url: listUrl("b"), checkedAt: at - 3_600_000, startedAt: at - 60_000 },
      },
    });
    const { subscriptions } = setup();
    await subscriptions.updateDue();
    expect(await linesOf("a")).toEqual(["||a.example"]);
    expect(await linesOf("b")).toEqual(["||b.example"]);
    // Nothing is due now: no request.
    const before = (await log()).length;
    await subscriptions.updateDue();
    expect((await log()).length).toBe(before);
  });
});

describe("the editor's copy of a subscribed rule", () => {
  it("never puts back lines an update replaced since the page read them", async () => {
    await serve("a", { text: "||a.example\n" });
    const { subscriptions } = setup();
    const id = await subscribed(subscriptions);
    const pageCopy = (await read("siteRules"))[0] as SiteRule;
    await serve("a", { text: "||new.example\n" });
    await subscriptions.update(id);
    // The page changes the route of its (stale) copy, by patch and by the whole list.
    await patchSiteRules([{ ...pageCopy, route: { kind: "direct" } }], [id]);
    expect(await linesOf(id)).toEqual(["||new.example"]);
    await saveSiteRules([{ ...pageCopy, enabled: false }]);
    expect(await linesOf(id)).toEqual(["||new.example"]);
    expect((await read("siteRules"))[0]?.enabled).toBe(false);
  });
});
