/**
 * Site rules in Firefox ESR: proxy.onRequest routes each request by the rules, with the login
 * of the token its rule names, so two tokens on one gateway carry two sites side by side (no
 * shared login cache stands in the way, unlike Chrome). Firefox proxies loopback here through
 * allow_hijacking_localhost, so the two sites are one echo server by its name and by its
 * address.
 */
import { expect, test } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import {
  assertPrerequisites,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  gatewayLog,
  proxyStatus,
  send,
  sendOk,
} from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`);
  return value;
}

const rule = (id: string, text: string, route: SiteRule["route"]): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route,
});

test("two tokens on one gateway route two sites side by side; a blocked site fails; the rest goes direct", async () => {
  const { browser, sb, echo, ext, site: page } = suite;
  const server = must(sb, "sandbox");
  const site = must(echo, "echo");
  const port = new URL(site.url).port;
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const tokenA = must(a, "token A");
  const tokenB = must(b, "token B");
  expect(`${tokenB.host}:${tokenB.port}`).toBe(`${tokenA.host}:${tokenA.port}`);

  // Two sites: the echo server by its name and by its address.
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [
      rule("d", `http://localhost:${port}/d*`, { kind: "block" }),
      rule("a", "localhost", { kind: "token", tokenId: tokenA.id }),
      rule("b", "127.0.0.1", { kind: "token", tokenId: tokenB.id }),
    ],
  });
  const siteA = `http://localhost:${port}`;
  const siteB = `http://127.0.0.1:${port}`;
  for (let round = 0; round < 3; round++) {
    expect(await exitOfPageLoad(page, `${siteA}/`)).toBe(tokenA.ip);
    expect(await exitOfPageLoad(page, `${siteB}/`)).toBe(tokenB.ip);
  }
  await expect(exitOfPageLoad(page, `${siteA}/d`)).rejects.toThrow();
  // Side by side at once, in two tabs.
  const second = await must(browser, "browser").newPage();
  const both = await Promise.all([
    exitOfPageLoad(page, `${siteA}/?together`),
    exitOfPageLoad(second, `${siteB}/?together`),
  ]);
  expect(both).toEqual([tokenA.ip, tokenB.ip]);
  await second.close();
  // No rule: the default route, direct (nothing is connected).
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [rule("a", "localhost", { kind: "token", tokenId: tokenA.id })],
  });
  expect(await exitOfPageLoad(page, `${siteB}/`)).toBe("127.0.0.1");
  // Each site's requests signed in as its own token.
  const log = await gatewayLog(server);
  const signedIn = (target: string) =>
    new Set(log.filter((e) => e.target === target).map((e) => e.username));
  expect(signedIn(`localhost:${port}`)).toEqual(new Set([tokenA.username]));
  expect(signedIn(`127.0.0.1:${port}`)).toEqual(new Set([tokenB.username]));
  expect(site.proxyAuthorizationSeen).toEqual([]);
  await send(ext, { type: "setSiteRules", rules: [] });
});

test("two containers exit through two tokens: one window holds two identities at once", async () => {
  const { browser, echo, ext, site: page } = suite;
  const firefox = must(browser, "browser");
  const site = must(echo, "echo");
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const tokenA = must(a, "token A");
  const tokenB = must(b, "token B");
  // WebDriver BiDi user contexts are Firefox containers: each tab there has its cookieStoreId.
  const [one, two] = [await firefox.createBrowserContext(), await firefox.createBrowserContext()];
  const [pageOne, pageTwo] = [await one.newPage(), await two.newPage()];
  const stores = await ext.evaluate(async () => {
    const tabs = await chrome.tabs.query({});
    return tabs.map((tab) => (tab as { cookieStoreId?: string }).cookieStoreId ?? "");
  });
  const containers = stores.filter((id) => id.startsWith("firefox-container-"));
  expect(containers).toHaveLength(2);
  const [first, second] = containers as [string, string];
  // Which container is which page: tabs are listed in the order they were opened.
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [
      { ...rule("one", "*", { kind: "token", tokenId: tokenA.id }), container: first },
      { ...rule("two", "*", { kind: "token", tokenId: tokenB.id }), container: second },
    ],
  });
  const exits = await Promise.all([
    exitOfPageLoad(pageOne, site.url),
    exitOfPageLoad(pageTwo, site.url),
  ]);
  expect(exits).toEqual([tokenA.ip, tokenB.ip]);
  // A tab outside both containers takes the default route: direct.
  expect(await exitOfPageLoad(page, site.url)).toBe("127.0.0.1");
  await Promise.all([one.close(), two.close()]);
  await send(ext, { type: "setSiteRules", rules: [] });
});

test("the rule editor lists the user's containers and limits a rule to one", async () => {
  const { browser, ext } = suite;
  const firefox = must(browser, "browser");
  const work = await ext.evaluate(async () => {
    const api = (
      globalThis as unknown as {
        browser: {
          contextualIdentities: {
            create(details: object): Promise<{ cookieStoreId: string; name: string }>;
          };
        };
      }
    ).browser;
    return api.contextualIdentities.create({ name: "Work", color: "blue", icon: "briefcase" });
  });
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [rule("w", "intranet.example", { kind: "direct" })],
  });
  const options = await extensionPage(firefox, "options.html#site-rules");
  const select = await options.waitForSelector("#rule-w-container");
  const choices = await options.$$eval("#rule-w-container option", (all) =>
    all.map((o) => [o.getAttribute("value"), o.textContent]),
  );
  // "Any tab" first, then the user's containers (Firefox's own defaults among them).
  expect(choices[0]).toEqual(["", "Any tab"]);
  expect(choices).toContainEqual([work.cookieStoreId, "Work"]);
  await select?.select(work.cookieStoreId);
  await options.waitForFunction(
    async (id) => {
      // Stored as one JSON text (lib/storage/items.ts).
      const { siteRules } = await chrome.storage.local.get("siteRules");
      const rules = JSON.parse(String(siteRules ?? "[]")) as { container?: string }[];
      return rules[0]?.container === id;
    },
    {},
    work.cookieStoreId,
  );
  await send(options, { type: "setSiteRules", rules: [] });
  await options.close();
});

test("this site, from the popup: Other… sends the site through a token other than the connected one in two clicks; other sites keep the default", async () => {
  const { browser, echo, ext, site: page } = suite;
  const firefox = must(browser, "browser");
  const port = new URL(must(echo, "echo").url).port;
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const [tokenA, tokenB] = [must(a, "token A"), must(b, "token B")];
  const shop = `http://localhost:${port}/`;
  const news = `http://127.0.0.1:${port}/`;
  await page.goto(shop);
  // The popup as a page in a tab behind the site's: it asks for the active tab, the site.
  const popup = await extensionPage(firefox);
  await page.bringToFront();
  // Connecting changes what the popup shows, so it asks for the active tab again.
  await sendOk(popup, { type: "connect", tokenId: tokenA.id });
  const route = () => popup.$eval('[data-testid="site-route"]', (e) => e.textContent);
  await popup.waitForFunction(() =>
    document.querySelector('[data-testid="this-site"] p')?.textContent?.includes("localhost"),
  );
  expect(await route()).toBe(`through #${tokenA.id}`);

  // In front for real clicks (the site it shows stays: it asks again only when the connection
  // changes).
  await popup.bringToFront();
  await popup.locator("button::-p-text(Other…)").click();
  await popup
    .locator(`[data-testid="site-chooser"] button::-p-text(Through #${tokenB.id})`)
    .click();
  await popup.waitForFunction(
    (id) => document.querySelector('[data-testid="site-route"]')?.textContent === `through #${id}`,
    {},
    tokenB.id,
  );
  expect(await exitOfPageLoad(page, shop)).toBe(tokenB.ip);
  expect(await exitOfPageLoad(page, news)).toBe(tokenA.ip);
  // The default route is untouched: the first token stays connected.
  const connected = await popup.evaluate(async () => {
    const { connection } = await chrome.storage.local.get("connection");
    return (connection as { activeTokenId: number | null }).activeTokenId;
  });
  expect(connected).toBe(tokenA.id);
  await sendOk(popup, { type: "disconnect" });
  await send(popup, { type: "setSiteRules", rules: [] });
  await popup.close();
});

test("a rule that blocks the provider's host leaves it to the connected token: the exit check proves the token, the rule's other sites stay blocked", async () => {
  const { sb, echo, ext, site: page } = suite;
  const server = must(sb, "sandbox");
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  // The provider and the echo site are one host here: the rule takes both.
  const provider = new URL(server.baseUrl).hostname;
  expect(new URL(must(echo, "echo").url).hostname).toBe(provider);
  await sendOk(ext, { type: "setSiteRules", rules: [rule("all", provider, { kind: "block" })] });
  await expect(exitOfPageLoad(page, `${must(echo, "echo").url}?blocked`)).rejects.toThrow();
  await sendOk(ext, { type: "checkExitIp" });
  const status = await proxyStatus(ext);
  expect(status).toMatchObject({ state: "connected", tokenId: token.id });
  expect(status.exitIp).toMatchObject({ ip: token.ip, viaTokenId: token.id });
  await sendOk(ext, { type: "setSiteRules", rules: [] });
  await sendOk(ext, { type: "disconnect" });
});
