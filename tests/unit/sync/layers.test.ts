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
      "s.bypassList": { v: ["evil.example"], t: 5, b: "zzzzzz" },
      "s.warnDays": { v: 9, t: 5, b: "zzzzzz" },
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
