/**
 * The region picker's search debounce under fake timers: keystrokes inside the delay make one
 * search, for the text as it finally reads (written against the `regions` command).
 */
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RegionPicker } from "../../../components/popup/RegionPicker";
import { fakeEnv, type Mounted, mount, type, waitFor } from "./dom";

/** RegionPicker's debounce: it asks for a search this long after the last keystroke. */
const SEARCH_DELAY_MS = 250;

let mounted: Mounted | undefined;
afterEach(() => {
  vi.useRealTimers();
  mounted?.unmount();
});

describe("region picker search", () => {
  it("typing inside the delay restarts it: one search, for the last text", async () => {
    const { env, send } = fakeEnv(() => ({ ok: true, data: [] }));
    mounted = await mount(
      <RegionPicker
        level="countries"
        kind="static-ip"
        label="Country"
        value={null}
        onChange={() => undefined}
      />,
      env,
    );
    const m = mounted;
    // The first list (no search yet) has come in before the clock is faked.
    await waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
      expect(m.root.querySelector(".options-list")?.getAttribute("aria-busy")).toBe("false");
    });
    const searches = () =>
      send.mock.calls
        .map(([command]) => command as { type: string; query?: { search_text?: string } })
        .filter((c) => c.type === "regions" && c.query?.search_text !== undefined)
        .map((c) => c.query?.search_text);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const input = m.root.querySelector("input[type=search]");
    for (const text of ["g", "ge", "ger"]) {
      await type(m, input, text);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 50);
      });
    }
    expect(searches()).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(searches()).toEqual(["ger"]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * SEARCH_DELAY_MS);
    });
    expect(searches()).toEqual(["ger"]);
  });
});
