import { afterEach, describe, expect, it } from "vitest";
import { TrashView } from "../../../components/popup/TrashView";
import type { Notice } from "../../../lib/popup/outcome";
import { RESTORE_WINDOW_MS, type TrashEntry } from "../../../lib/state/trash";
import { makeToken } from "../stored-token";
import { button, check, click, fakeEnv, type Mounted, mount } from "./dom";

const DAY = 86_400_000;
const now = Date.now();
const entry = (id: number, deletedDaysAgo: number): TrashEntry => {
  const deletedAt = now - deletedDaysAgo * DAY;
  return { token: makeToken({ id }), deletedAt, restoreDeadline: deletedAt + RESTORE_WINDOW_MS };
};

let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

describe("trash", () => {
  it("shows each deadline, restores one or many, and only dismisses the expired", async () => {
    const { env, send } = fakeEnv(() => ({ ok: true, data: null }));
    const restored: number[][] = [];
    const notices: Notice[] = [];
    const trash = [entry(1, 2), entry(2, 31), entry(3, 10)];
    mounted = await mount(
      <TrashView
        trash={trash}
        now={now}
        notify={(n) => notices.push(n)}
        restoreIds={async (ids) => {
          restored.push(ids);
        }}
      />,
      env,
    );
    const m = mounted;
    const text = (id: number) => m.root.querySelector(`[data-token-id="${id}"]`)?.textContent ?? "";
    expect(text(1)).toContain("Restorable until");
    expect(text(1)).toContain("in 28 days");
    expect(text(2)).toContain("Can no longer be restored");
    expect(() => button(m.root, "Restore token #2")).toThrow();

    await click(m, button(m.root, "Restore token #3"));
    expect(restored).toEqual([[3]]);
    await check(m, m.root.querySelector(".toolbar input[type=checkbox]"));
    await click(m, button(m.root, "Restore selected (2)"));
    expect(restored.at(-1)?.sort()).toEqual([1, 3]);

    await click(m, button(m.root, "Dismiss token #2 for good"));
    expect(send).toHaveBeenCalledWith({ type: "dismissTrash", tokenIds: [2] });
    await click(m, button(m.root, "Dismiss all that can no longer be restored (1)"));
    expect(send).toHaveBeenLastCalledWith({ type: "dismissTrash", tokenIds: [2] });
    expect(notices).toEqual([]);
  });

  it("says when it is empty", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    mounted = await mount(
      <TrashView
        trash={[]}
        now={now}
        notify={() => undefined}
        restoreIds={async () => undefined}
      />,
      env,
    );
    expect(mounted.root.textContent).toContain("The Trash is empty.");
  });
});
