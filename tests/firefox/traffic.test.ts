/**
 * Seeing the traffic in Firefox ESR: the popup names this page's failed requests by host and
 * routes one in a click, and Options' log shows each request's route, why and outcome. The
 * echo server is two sites here, by its name and by its address (Firefox proxies loopback
 * through allow_hijacking_localhost).
 */

import { expect, test } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, extensionPage, send, sendOk } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

// The provider's API is on 127.0.0.1: the blocked site is the echo server by its name.
const blockName: SiteRule = {
  id: "block",
  enabled: true,
  source: { type: "pattern", text: "localhost" },
  route: { kind: "block" },
};

/** Requests for the image from this host that reached the echo server, and from where. */
const pixelsFrom = (host: string) =>
  suite.echo.requestsFrom.filter((_, i) => suite.echo.requestPaths[i]?.includes(`from=${host}`));

test("the popup counts this page's failed requests by host and routes one directly in a click", async () => {
  const { browser: firefox, ext, site } = suite;
  const port = new URL(suite.echo.url).port;
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await sendOk(ext, { type: "setSiteRules", rules: [blockName] });
  await site.goto(`http://127.0.0.1:${port}/?images=localhost,127.0.0.1`);
  expect(pixelsFrom("127.0.0.1")).toEqual([token.ip]);
  expect(pixelsFrom("localhost")).toEqual([]);

  // The popup as a page in a tab behind the site's: it asks for the active tab, the site.
  const popup = await extensionPage(firefox);
  await site.bringToFront();
  // A change of the connection makes the popup ask again, now with the site in front.
  await sendOk(popup, { type: "disconnect" });
  await sendOk(popup, { type: "connect", tokenId: token.id });
  await popup.waitForFunction(() =>
    document.querySelector('[data-testid="page-failures"]')?.textContent?.includes("localhost (1)"),
  );
  const failures = await popup.$eval('[data-testid="page-failures"]', (e) => e.textContent ?? "");
  expect(failures).toContain("1 request of this page failed since it loaded");
  expect(failures).not.toContain("127.0.0.1 (");
  const routes = await popup.$eval('[data-testid="page-routes"]', (e) => e.textContent ?? "");
  expect(routes).toMatch(new RegExp(`This page so far: \\d+ through #${token.id}, 1 blocked\\.`));

  // Clicked where it stands, behind the site: brought to the front, the popup would be the
  // active tab, and its "this site" would ask again about itself on the next status change.
  await popup.$$eval('[data-testid="page-failures"] button', (buttons) =>
    (
      buttons.find((b) => b.textContent?.trim() === "Direct") as HTMLButtonElement | undefined
    )?.click(),
  );
  await popup.waitForSelector('[data-testid="page-failures"] [role="status"]');
  await site.bringToFront();
  await site.reload();
  // Direct: the echo server sees the image come from loopback itself, not the token.
  expect(pixelsFrom("localhost")).toEqual(["127.0.0.1"]);
  await sendOk(popup, { type: "disconnect" });
  await send(popup, { type: "setSiteRules", rules: [] });
  await popup.close();
});

test("Options' traffic log shows each request's route, why and outcome", async () => {
  const { browser: firefox, ext, site } = suite;
  const port = new URL(suite.echo.url).port;
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await sendOk(ext, { type: "setSiteRules", rules: [blockName] });
  const options = await extensionPage(firefox, "options.html#traffic");
  await options.bringToFront();
  await options.waitForSelector("#traffic summary");
  await options.click("#traffic summary");
  // The log listens once the background's snapshot is in.
  await options.waitForSelector('#traffic .traffic-log[aria-busy="false"]');
  await site.goto(`http://127.0.0.1:${port}/?images=localhost,127.0.0.1`);
  const row = (host: string) =>
    options.waitForFunction(
      (h) =>
        [...document.querySelectorAll(`#traffic tr[data-host="${h}"]`)].find(
          (tr) => !tr.textContent?.includes("favicon") && !tr.textContent?.includes("under way"),
        )?.textContent ?? false,
      { timeout: guard(10_000) },
      host,
    );
  const blocked = await (await row("localhost")).jsonValue();
  expect(blocked).toContain("Blocked");
  expect(blocked).toContain("rule 1 (localhost)");
  expect(blocked).toContain("blocked (sent nowhere)");
  const through = await (await row("127.0.0.1")).jsonValue();
  expect(through).toContain(`Token #${token.id}`);
  expect(through).toContain("the default route");
  expect(through).toContain("200");
  await sendOk(ext, { type: "disconnect" });
  await send(ext, { type: "setSiteRules", rules: [] });
  await options.close();
});
