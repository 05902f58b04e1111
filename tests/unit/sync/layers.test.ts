/**
 * Sync's place among the layers and the rules it brings: a managed setting wins over a synced
 * one, and a list kept by URL that arrives without lines is a valid rule for the editor's check.
 */
import { describe, expect, it } from "vitest";
import { firstInvalidRule } from "../../../lib/background/site-rules";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_SYNC_META, switchedSync } from "../../../lib/sync/meta";
import { reconcile } from "../../../lib/sync/reconcile";

describe("sync and the other layers", () => {
  it("a managed (locked) setting is never replaced by a synced value; the rest are", () => {
    const meta = { ...switchedSync(DEFAULT_SYNC_META, true, () => "aaaaaa"), joined: true };
    const remote = {
      // Changed there after this browser's change (one count past it).
      "s.bypassList": { v: ["evil.example"], t: 5, b: "zzzzzz", n: 2 },
      "s.warnDays": { v: 9, t: 5, b: "zzzzzz", n: 2 },
    };
    const settings = { ...DEFAULT_SETTINGS, bypassList: ["<local>", "corp.example"] };
    const out = reconcile({
      settings,
      rules: [],
      meta,
      remote,
      now: 1,
      locked: new Set(["bypassList"]),
    });
    expect(out.settings.bypassList).toEqual(["<local>", "corp.example"]);
    expect(out.settings.warnDays).toBe(9);
  });

  it("a managed setting is not this browser's to send: another browser's value stays in the document", () => {
    const meta = { ...switchedSync(DEFAULT_SYNC_META, true, () => "aaaaaa"), joined: true };
    const remote = { "s.baseUrl": { v: "https://mine.example", t: 5, b: "zzzzzz" } };
    // The policy's address is stored here (credentials were saved with it).
    const settings = { ...DEFAULT_SETTINGS, baseUrl: "https://corp.example", warnDays: 4 };
    const out = reconcile({
      settings,
      rules: [],
      meta,
      remote,
      now: 100,
      locked: new Set(["baseUrl"]),
    });
    const doc = JSON.parse(out.fitted.text) as Record<string, { v: unknown }>;
    expect(doc["s.baseUrl"]?.v).toBe("https://mine.example");
    expect(doc["s.warnDays"]?.v).toBe(4);
    expect(out.settings.baseUrl).toBe("https://corp.example");
  });

  it("a list by URL from another browser is taken only from https", () => {
    const meta = { ...switchedSync(DEFAULT_SYNC_META, true, () => "aaaaaa"), joined: true };
    const sub = (id: string, url: string) => ({
      v: {
        id,
        enabled: true,
        route: { kind: "block" },
        source: {
          type: "list",
          name: id,
          lines: [],
          subscription: { url, via: { kind: "direct" }, everyHours: 24 },
        },
      },
      t: 5,
      b: "zzzzzz",
    });
    const remote = {
      "r.good": sub("good", "https://l.example/a"),
      "r.plain": sub("plain", "http://l.example/a"),
      "r.loop": sub("loop", "http://127.0.0.1:8080/a"),
    };
    const out = reconcile({ settings: DEFAULT_SETTINGS, rules: [], meta, remote, now: 100 });
    expect(out.rules.map((r) => r.id)).toEqual(["good"]);
  });

  it("a subscription with no lines yet passes the rules' check; a plain empty list does not", () => {
    const list = (subscribed: boolean): SiteRule => ({
      id: "s",
      enabled: true,
      source: {
        type: "list",
        name: "L",
        lines: [],
        ...(subscribed
          ? {
              subscription: {
                url: "https://l.example/x",
                via: { kind: "direct" as const },
                everyHours: 24,
              },
            }
          : {}),
      },
      route: { kind: "block" },
    });
    expect(firstInvalidRule([list(true)])).toBeNull();
    expect(firstInvalidRule([list(false)])).toMatchObject({ code: "site-rule-invalid" });
  });
});
