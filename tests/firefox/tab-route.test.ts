/**
 * Firefox's "This tab only": two tabs on the same site, one through token b, the other on the
 * site's own route (the connected token a), counted where they arrive (the echo server sees
 * each token's exit address). A tab routed through a token that does not exist goes nowhere,
 * never direct; a closed tab's route goes with it.
 *
 * The click itself cannot be made here: WebDriver drives no native menu, and Firefox's events
 * have no dispatch(). The test writes the stored tab route the click's writer writes
 * (lib/background/tab-routes.ts, its click path unit-tested in tests/unit/background/), and
 * checks that the menu offers the item.
 */

import type { Page } from "puppeteer-core";
import { expect, test } from "vitest";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, exitOfPageLoad, sendOk, tabIdOf } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

declare const browser: typeof import("webextension-polyfill");

const setTabRoutes = (ext: Page, routes: Record<string, number>) =>
  ext.evaluate((tabRoutes) => browser.storage.session.set({ tabRoutes }), routes);
const storedTabRoutes = (ext: Page) =>
  ext.evaluate(async () => (await browser.storage.session.get("tabRoutes")).tabRoutes ?? {});

/** The exit address of a load, or "blocked" when it fails (bounded: Firefox may hang one). */
async function exitOrBlocked(page: Page, url: string): Promise<string> {
  try {
    return await exitOfPageLoad(page, url);
  } catch {
    return "blocked";
  }
}

test("This tab only: one tab through token b while another tab on the same site keeps the site's route; a tab routed to a missing token is blocked; a closed tab's route is dropped", async () => {
  const { browser: firefox, ext, site } = suite;
  const url = `http://127.0.0.1:${new URL(suite.echo.url).port}/`;
  const [a, b] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
    must(t, `token ${i}`),
  );
  if (!a || !b) throw new Error("two tokens");
  await sendOk(ext, { type: "connect", tokenId: a.id });
  // The menu offers this tab's route through each token (Firefox only).
  await expect
    .poll(() =>
      ext.evaluate(
        (id) =>
          browser.contextMenus.update(id, {}).then(
            () => true,
            () => false,
          ),
        `pd-tab:token:${b.id}`,
      ),
    )
    .toBe(true);

  const other = await firefox.newPage();
  try {
    expect(await exitOfPageLoad(site, url)).toBe(a.ip);
    expect(await exitOfPageLoad(other, url)).toBe(a.ip);
    const siteTab = await tabIdOf(ext, site);
    const otherTab = await tabIdOf(ext, other);
    expect(siteTab).not.toBe(otherTab);

    await setTabRoutes(ext, { [siteTab]: b.id });
    await expect.poll(() => exitOfPageLoad(site, url), { timeout: guard(10_000) }).toBe(b.ip);
    // The same site in the other tab: still the site's route (the connected token).
    expect(await exitOfPageLoad(other, url)).toBe(a.ip);
    expect(await exitOfPageLoad(site, url)).toBe(b.ip);
    const fromB = suite.echo.requestsFrom.filter((from) => from === b.ip).length;
    expect(fromB).toBeGreaterThanOrEqual(2);
    // The popup's "this site" says so: the tab's own route, not its site's rule.
    const here = await sendOk(ext, { type: "routeOf", url, tabId: siteTab });
    expect(here).toMatchObject({ target: { kind: "proxy", tokenId: b.id }, byTab: true });
    const there = await sendOk(ext, { type: "routeOf", url, tabId: otherTab });
    expect(there.byTab).toBeUndefined();
    expect(there.target).toEqual({ kind: "proxy", tokenId: a.id });

    // Fail closed: a tab routed through a token that is gone goes nowhere, not direct.
    await setTabRoutes(ext, { [siteTab]: b.id, [otherTab]: 999_999 });
    await expect.poll(() => exitOrBlocked(other, url), { timeout: guard(15_000) }).toBe("blocked");
    expect(await exitOfPageLoad(site, url)).toBe(b.ip);
    // Nothing of the blocked tab reached the site, by any route.
    const arrived = suite.echo.requestsFrom.length;
    expect(await exitOrBlocked(other, url)).toBe("blocked");
    expect(suite.echo.requestsFrom.length).toBe(arrived);

    await other.close();
    await expect.poll(() => storedTabRoutes(ext)).toEqual({ [siteTab]: b.id });
  } finally {
    if (!other.isClosed()) await other.close();
    await setTabRoutes(ext, {});
    await sendOk(ext, { type: "disconnect" });
  }
});
