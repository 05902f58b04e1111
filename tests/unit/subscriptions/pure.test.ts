/** Rule lists by URL, the pure parts: where a list may come from, what a fetched one becomes, when it is due, and its state in words. */
import { describe, expect, it } from "vitest";
import { validateListUrl } from "../../../lib/base/list-url";
import { subscriptionTranslate } from "../../../lib/i18n/subscription-strings";
import { subscriptionLines } from "../../../lib/options/subscription-view";
import type { SiteRule } from "../../../lib/routing/rules";
import { dueSubscriptions, RETRY_AFTER_FAILURE_MS } from "../../../lib/subscriptions/due";
import { judgeList, lineChange, looksLikeHtml } from "../../../lib/subscriptions/fetched-list";

describe("validateListUrl", () => {
  it.each([
    [
      "https://lists.example/gfw.txt?v=2#top",
      true,
      { ok: true, url: "https://lists.example/gfw.txt?v=2" },
    ],
    ["http://127.0.0.1:8080/l.txt", true, { ok: true, url: "http://127.0.0.1:8080/l.txt" }],
    ["http://127.0.0.1:8080/l.txt", false, { ok: false, problem: "https-required" }],
    ["http://lists.example/l.txt", true, { ok: false, problem: "https-required" }],
    ["ftp://lists.example/l.txt", true, { ok: false, problem: "scheme" }],
    ["https://user:pw@lists.example/l.txt", true, { ok: false, problem: "credentials-in-url" }],
    ["lists.example/l.txt", true, { ok: false, problem: "not-a-url" }],
    [`https://lists.example/${"a".repeat(2_000)}`, true, { ok: false, problem: "not-a-url" }],
  ])("%s (typed: %s)", (input, typed, result) => {
    expect(validateListUrl(input, typed)).toEqual(result);
  });
});

describe("judgeList", () => {
  it("takes the lines the importer takes, counts the rest and the change", () => {
    const verdict = judgeList("||a.example\n||c.example\nbad line here\n", "text/plain", [
      "||a.example",
      "||b.example",
    ]);
    expect(verdict).toEqual({
      ok: true,
      lines: ["||a.example", "||c.example"],
      rejected: 1,
      added: 1,
      removed: 1,
    });
  });

  it("reads a base64 list (gfwlist)", () => {
    const text = btoa("[AutoProxy 0.2.9]\n||a.example\n||b.example\n");
    expect(judgeList(text, "text/plain", [])).toMatchObject({ ok: true, added: 3 });
  });

  it("refuses a web page in the list's place, by type or by its first bytes", () => {
    expect(judgeList("||a.example\n", "text/html; charset=utf-8", [])).toEqual({
      ok: false,
      reason: "html",
    });
    expect(looksLikeHtml("\n  <!DOCTYPE html><p>", "text/plain")).toBe(true);
    expect(looksLikeHtml("<html lang=en>", "")).toBe(true);
    expect(looksLikeHtml("||html.example\n", "text/plain")).toBe(false);
  });

  it("refuses a list that would route nothing, naming why", () => {
    expect(judgeList("! nothing\n", "text/plain", [])).toEqual({
      ok: false,
      reason: "unusable",
      detail: "only-comments",
    });
  });

  it("counts a change as sets: order and repeats change nothing", () => {
    expect(lineChange(["a", "b", "b"], ["b", "a"])).toEqual({ added: 0, removed: 0 });
    expect(lineChange([], ["a", "a"])).toEqual({ added: 1, removed: 0 });
  });
});

const subscribed = (id: string, enabled = true, everyHours = 24): SiteRule => ({
  id,
  enabled,
  route: { kind: "block" },
  source: {
    type: "list",
    name: id,
    lines: [],
    subscription: { url: `https://l.example/${id}`, via: { kind: "direct" }, everyHours },
  },
});

describe("dueSubscriptions", () => {
  const now = 10 * 24 * 3_600_000;
  const ids = (rules: SiteRule[], status: Parameters<typeof dueSubscriptions>[1]) =>
    dueSubscriptions(rules, status, now).map((r) => r.id);

  it("never fetched, or its URL changed: due; disabled or a pattern: never", () => {
    const pattern: SiteRule = {
      id: "p",
      enabled: true,
      route: { kind: "block" },
      source: { type: "pattern", text: "a.example" },
    };
    const status = { b: { url: "https://l.example/old", checkedAt: now } };
    expect(
      ids([subscribed("a"), subscribed("b"), subscribed("c", false), pattern], status),
    ).toEqual(["a", "b"]);
  });

  it("after its own interval; after a failure within the hour", () => {
    const url = (id: string) => `https://l.example/${id}`;
    const status = {
      fresh: { url: url("fresh"), checkedAt: now - 23 * 3_600_000 },
      old: { url: url("old"), checkedAt: now - 24 * 3_600_000 },
      failed: {
        url: url("failed"),
        checkedAt: now - RETRY_AFTER_FAILURE_MS,
        problem: { at: now - RETRY_AFTER_FAILURE_MS, reason: "status" as const },
      },
      failedJustNow: {
        url: url("failedJustNow"),
        checkedAt: now - 60_000,
        problem: { at: now - 60_000, reason: "status" as const },
      },
      cutOff: { url: url("cutOff"), checkedAt: now - 3_600_000, startedAt: now - 60_000 },
    };
    const rules = Object.keys(status).map((id) => subscribed(id));
    expect(ids(rules, status)).toEqual(["old", "failed", "cutOff"]);
  });
});

describe("subscriptionLines", () => {
  const t = subscriptionTranslate("en");
  const sub = { url: "https://l.example/a", via: { kind: "direct" as const }, everyHours: 24 };
  const now = 1_800_000_000_000;

  it("a failed update says the copy in force stays, from when, and why", () => {
    const lines = subscriptionLines(
      sub,
      {
        url: sub.url,
        fetchedAt: now - 2 * 3_600_000,
        checkedAt: now - 60_000,
        problem: { at: now - 60_000, reason: "status", detail: "500" },
      },
      now,
      "en",
      t,
      false,
    );
    expect(lines.tone).toBe("warn");
    expect(lines.status).toBe(
      "The update 1 minute ago failed: the server answered HTTP 500. The copy from 2 hours ago stays in force; it is tried again within the hour.",
    );
    expect(lines.details).toEqual(["Daily, direct."]);
  });

  it("an update cut off by a worker stop is said so; a running one is 'Updating…'", () => {
    const state = { url: sub.url, fetchedAt: now - 3_600_000, checkedAt: now - 3_600_000 };
    const cut = subscriptionLines(sub, { ...state, startedAt: now - 120_000 }, now, "en", t, true);
    expect(cut.status).toContain("was cut off when the browser stopped the background");
    const running = subscriptionLines(
      sub,
      { ...state, startedAt: now - 1_000 },
      now,
      "en",
      t,
      true,
    );
    expect(running).toMatchObject({ status: "Updating…", tone: "busy" });
    expect(running.details).toEqual(["Daily, the way the browser goes."]);
  });

  it("state for another URL is not this list's", () => {
    const lines = subscriptionLines(
      sub,
      { url: "https://l.example/other", fetchedAt: now, checkedAt: now },
      now,
      "en",
      t,
      false,
    );
    expect(lines.status).toBe("Not fetched yet: it is fetched within a minute.");
  });
});
