/** When the token list's filters and bulk actions are worth their room. */
import { describe, expect, it } from "vitest";
import { NO_FILTER } from "../../../lib/popup/filter";
import { BULK_FROM, FILTERS_FROM, listControls } from "../../../lib/popup/list-controls";

describe("listControls", () => {
  it("hides filters and bulk actions below six tokens, shows them from six", () => {
    expect(FILTERS_FROM).toBe(6);
    expect(BULK_FROM).toBe(6);
    expect(listControls(1, 0, NO_FILTER)).toEqual({ filters: false, bulk: false });
    expect(listControls(5, 0, NO_FILTER)).toEqual({ filters: false, bulk: false });
    expect(listControls(6, 0, NO_FILTER)).toEqual({ filters: true, bulk: true });
    expect(listControls(10_000, 0, NO_FILTER)).toEqual({ filters: true, bulk: true });
  });

  it("a ticked row brings the bulk actions, whatever the count", () => {
    expect(listControls(2, 1, NO_FILTER)).toEqual({ filters: false, bulk: true });
  });

  it("a filter still narrowing the list stays in view after tokens went", () => {
    for (const filter of [
      { ...NO_FILTER, text: "berlin" },
      { ...NO_FILTER, kind: "dynamic-ip" as const },
      { ...NO_FILTER, country: "Japan" },
    ]) {
      expect(listControls(3, 0, filter).filters).toBe(true);
    }
  });
});
