/**
 * The traffic log's tab names (components/options/traffic/use-tab-titles.ts) over fakeBrowser's
 * tabs: read when a tab shows up, and followed when its page's title comes later (Chrome gives
 * a loading tab its address for a title).
 */
import { parseHTML } from "linkedom";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { useTabTitles } from "../../../components/options/traffic/use-tab-titles";
import { waitFor } from "../wait";

let root: HTMLElement | undefined;
beforeEach(() => {
  fakeBrowser.reset();
  const { document, window } = parseHTML("<!doctype html><html><body></body></html>");
  Object.assign(globalThis, { document, window });
  root = document.body as unknown as HTMLElement;
});
afterEach(() => {
  if (root) render(null, root);
});

function Names({ ids }: { ids: number[] }) {
  const titles = useTabTitles(ids);
  return <p>{ids.map((id) => titles.get(id) ?? "?").join(",")}</p>;
}

it("names a tab by its page's title once the title comes, not the address it had while loading", async () => {
  const tab = await fakeBrowser.tabs.create({ url: "http://shop.test/" });
  await fakeBrowser.tabs.update(tab.id, { title: "shop.test/" } as never);
  await act(() => render(<Names ids={[tab.id ?? -1]} />, root as HTMLElement));
  await waitFor(() => expect(root?.textContent).toBe("shop.test/"));
  await act(async () => {
    await fakeBrowser.tabs.onUpdated.trigger(
      tab.id ?? -1,
      { title: "echo" },
      { ...tab, title: "echo" },
    );
  });
  await waitFor(() => expect(root?.textContent).toBe("echo"));
});
