/**
 * Off in Firefox ESR (issue 34): with a site rule and a tab of its own ("This tab only"), Off
 * sends the tab direct, its rule and its tab route set aside, and the toolbar says Off on it;
 * turning on again brings both back. Disconnect (no token) leaves the rule and the tab route.
 */

import { expect, test } from "vitest";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, exitOfPageLoad, sendOk, tabIdOf } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

declare const browser: typeof import("webextension-polyfill");

test("Off sends a rule-routed tab with a route of its own direct, says so on its toolbar, and on again restores both", async () => {
  const { ext, site } = suite;
  const url = `http://127.0.0.1:${new URL(suite.echo.url).port}/`;
  const [a, b] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
    must(t, `token ${i}`),
  );
  if (!a || !b) throw new Error("two tokens");
  try {
    await sendOk(ext, { type: "connect", tokenId: a.id });
    await sendOk(ext, {
      type: "setSiteRoute",
      host: "127.0.0.1",
      route: { kind: "token", tokenId: b.id },
    });
    await expect.poll(() => exitOfPageLoad(site, url), { timeout: guard(10_000) }).toBe(b.ip);
    const tabId = await tabIdOf(ext, site);
    await ext.evaluate((routes) => browser.storage.session.set({ tabRoutes: routes }), {
      [tabId]: a.id,
    });
    await expect.poll(() => exitOfPageLoad(site, url), { timeout: guard(10_000) }).toBe(a.ip);

    // No token, not Off: the tab's own route still holds.
    await sendOk(ext, { type: "disconnect" });
    expect(await exitOfPageLoad(site, url)).toBe(a.ip);

    // Off: direct, the rule and the tab route set aside; the toolbar says Off on this tab.
    await sendOk(ext, { type: "off" });
    await expect
      .poll(() => exitOfPageLoad(site, url), { timeout: guard(10_000) })
      .toBe("127.0.0.1");
    await expect
      .poll(() => ext.evaluate((id) => browser.action.getTitle({ tabId: id }), tabId))
      .toBe("Proxy Deck: Off · every site goes direct, site rules included");
    // The popup's "this site" says so too, not "through the tab's own token".
    const report = await sendOk(ext, { type: "routeOf", url, tabId });
    expect(report.target).toEqual({ kind: "direct" });
    expect(report.byTab).toBeUndefined();

    // On again (the last token): the tab route and the rule are back.
    await sendOk(ext, { type: "toggle" });
    await expect.poll(() => exitOfPageLoad(site, url), { timeout: guard(10_000) }).toBe(a.ip);
  } finally {
    await ext.evaluate(() => browser.storage.session.set({ tabRoutes: {} }));
    await sendOk(ext, { type: "setSiteRoute", host: "127.0.0.1", route: null });
    await sendOk(ext, { type: "disconnect" });
  }
});
