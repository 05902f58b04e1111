/**
 * Notifications over real extension storage (fakeBrowser): one per token and threshold, never
 * again after it was shown, and the record pruned with the tokens. The notifier is a recorder:
 * what the browser draws is its business.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { notifyWarnings } from "../../../lib/background/warnings";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { read } from "../../../lib/storage/read";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const DAY = 86_400_000;

function recorder() {
  const shown: { id: string; title: string; message: string }[] = [];
  return {
    shown,
    notifier: {
      async create(id: string, options: { title: string; message: string }) {
        shown.push({ id, title: options.title, message: options.message });
      },
    },
  };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set({
    settings: { ...DEFAULT_SETTINGS, language: "en" },
    tokens: [
      makeToken({ id: 1, expiresAt: NOW + DAY, city: "Berlin", country: "Germany" }),
      makeToken({ id: 2, expiresAt: NOW + 30 * DAY }),
      makeToken({
        id: 3,
        kind: "dynamic-traffic",
        expiresAt: null,
        trafficQuota: 100,
        trafficUsed: 95,
      }),
    ],
  });
});

describe("notifyWarnings", () => {
  it("notifies each warning once, in the user's words, and never again", async () => {
    const { shown, notifier } = recorder();
    expect(await notifyWarnings(notifier, NOW)).toBe(2);
    expect(shown.map((s) => s.id)).toEqual(["proxy-deck-1:expiring", "proxy-deck-3:traffic"]);
    expect(shown[0]?.message).toBe(
      "Token 1 (Berlin, Germany) expires tomorrow. Buy or choose another before then.",
    );
    expect(shown[1]?.message).toContain("has used 95% of its traffic");
    // Later wakes, and the clock moving on: nothing repeated.
    expect(await notifyWarnings(notifier, NOW + 3600_000)).toBe(0);
    expect(shown).toHaveLength(2);
  });

  it("a token deleted takes its record along; the days setting decides", async () => {
    const { notifier } = recorder();
    await notifyWarnings(notifier, NOW);
    await fakeBrowser.storage.local.set({
      tokens: [makeToken({ id: 2, expiresAt: NOW + 30 * DAY })],
    });
    await notifyWarnings(notifier, NOW);
    expect(await read("notifiedWarnings")).toEqual([]);
    // 40 days of warning: token 2 now qualifies.
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, warnDays: 40 } });
    expect(await notifyWarnings(notifier, NOW)).toBe(1);
    expect(await read("notifiedWarnings")).toEqual(["2:expiring"]);
  });
});
