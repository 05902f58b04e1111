/**
 * A tab's own badge text (lib/background/failure-badge.ts): its failure count when the user asks
 * for counts, else its route mark when a site rule routes it; nothing of its own while something
 * urgent (a block, a problem) needs the global badge.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createFailureBadge } from "../../../lib/background/failure-badge";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import { writeState } from "../../../lib/storage/store";

beforeEach(() => fakeBrowser.reset());

function badge() {
  const set: [number, string | null][] = [];
  const failureBadge = createFailureBadge({
    setBadgeText: async ({ tabId, text }) => void set.push([tabId, text]),
  });
  return { failureBadge, set };
}

const page = (count: number) => ({ count, hosts: {}, routes: {}, since: 0 }) as never;

describe("createFailureBadge with route marks", () => {
  it("shows a tab's route mark, a failure count over it, and clears the mark when it goes", async () => {
    await writeState({ settings: { ...DEFAULT_SETTINGS, badgeFailures: true } });
    const { failureBadge, set } = badge();
    failureBadge.routeText(3, "#2");
    await failureBadge.sync();
    expect(set).toEqual([[3, "#2"]]);
    await failureBadge.sync({ 3: page(4) });
    expect(set.at(-1)).toEqual([3, "4"]);
    await failureBadge.sync({});
    expect(set.at(-1)).toEqual([3, "#2"]);
    failureBadge.routeText(3, null);
    await failureBadge.sync();
    expect(set.at(-1)).toEqual([3, null]);
  });

  it("gives the badge back to a block", async () => {
    await writeState({
      status: {
        ...DEFAULT_STATUS,
        state: "blocked",
        tokenId: 1,
        error: { failure: { code: "token-missing" }, at: 1 },
      },
    });
    const { failureBadge, set } = badge();
    failureBadge.routeText(3, "#2");
    await failureBadge.sync();
    expect(set.every(([, text]) => text === null)).toBe(true);
  });
});
