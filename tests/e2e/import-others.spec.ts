/**
 * Bringing a setup from FoxyProxy and from SwitchyOmega/ZeroOmega through Options → Backup →
 * Import, in Chromium against the sandbox: the preview names what cannot come over, then the
 * routes at the echo server are the ones the source extension would take (a host its rules
 * send through proxy X exits at X's address; a direct rule goes direct; an exclude or an
 * exception falls through to the next rule). A token of the provider is connected throughout,
 * so "direct" is told apart from the default route: the FoxyProxy import leaves the rest to it,
 * the Omega import adds the last rule that sends the rest direct, as Omega did.
 *
 * The files are written in each extension's own format (FoxyProxy 9: app.js `pref`, the export
 * is its storage; ZeroOmega: default_options.coffee, the `.bak` is the options as JSON).
 */

import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { foxyProxy } from "../unit/import/fixtures";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import {
  buyElsewhere,
  createTokens,
  exitOfSite,
  extensionPage,
  must,
  openOptions,
  sandboxPage,
  sendOk,
  TEST_NAMES,
} from "./harness";
import { screenshotPath } from "./screenshot-path";

const extensionId = unpackedExtensionId(extensionPath);

/** Two tokens bought outside, each on a gateway name of its own, and a provider token connected. */
async function setUp(context: BrowserContext, sb: Sandbox) {
  const ext = await sandboxPage(context, extensionId, sb);
  const connected = must((await createTokens(ext, "static-traffic", 1))[0], "connected token");
  await sendOk(ext, { type: "connect", tokenId: connected.id });
  const one = { ...(await buyElsewhere(sb)), host: "gw0.own.test" };
  const two = { ...(await buyElsewhere(sb)), host: "gw1.own.test" };
  return { ext, connected, one, two };
}

async function importFile(page: Page, name: string, text: string) {
  await page.getByLabel("Backup file").setInputFiles({
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(text),
  });
  const preview = page.getByTestId("foreign-preview");
  await expect(preview).toBeVisible();
  return preview;
}

async function pacApplied(context: BrowserContext) {
  const ext = await extensionPage(context, extensionId);
  await expect
    .poll(() => ext.evaluate(async () => (await chrome.proxy.settings.get({})).value.mode))
    .toBe("pac_script");
  await ext.close();
}

async function exits(context: BrowserContext, echo: { url: string }, sites: string[]) {
  const seen: Record<string, string> = {};
  for (const site of sites) seen[site] = await exitOfSite(context, echo, site);
  return seen;
}

test("a FoxyProxy export: proxies with logins, include/exclude in order; the preview names what cannot come over", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const { connected, one, two } = await setUp(context, sb);
    const proxy = foxyProxy;
    const wildcard = (pattern: string) => ({ type: "wildcard", title: "", pattern, active: true });
    const login = (t: typeof one) => ({
      hostname: t.host,
      port: String(t.port),
      username: t.username,
      password: t.password,
    });
    const exported = {
      mode: "pattern",
      sync: false,
      autoBackup: false,
      passthrough: "",
      theme: "",
      container: {},
      commands: {},
      data: [
        proxy({
          title: "Bank",
          type: "direct",
          hostname: "DIRECT",
          include: [wildcard("*://bank.test:*")],
        }),
        proxy({
          title: "One",
          ...login(one),
          include: [wildcard("*://*one.test:*"), wildcard("*://bank.test:*")],
          exclude: [wildcard("*://skip.one.test:*")],
        }),
        proxy({ title: "Two", ...login(two), include: [wildcard("*://*.one.test:*")] }),
        proxy({
          title: "TOR",
          type: "socks5",
          hostname: "127.0.0.1",
          port: "9050",
          include: [wildcard("*.onion/*")],
        }),
      ],
    };
    const page = await openOptions(context, extensionId, "add-proxies");
    // Pasted into "Add proxies", the export is named for what it is, not refused line by line.
    await page.getByLabel("Proxies, one per line").fill(JSON.stringify(exported, null, 2));
    await page.getByRole("button", { name: "Check the lines" }).click();
    await expect(page.getByTestId("add-preview")).toHaveText(
      "This is a FoxyProxy export, not proxy lines. Bring it over under Sync & backup → Import: its proxies come with their patterns, and the preview says what cannot come over.",
    );
    await page.getByLabel("Proxies, one per line").fill("");
    await page.locator('.sidebar a[href="#sync"]').click();
    const preview = await importFile(
      page,
      "FoxyProxy_2026-11-27.json",
      JSON.stringify(exported, null, 2),
    );
    await expect(preview.getByRole("heading")).toHaveText("What comes over from FoxyProxy");
    await expect(preview).toContainText(
      `One: HTTP ${one.host}:${one.port}, user ${one.username} → a new token`,
    );
    await expect(preview).toContainText("list “Bank” (1 line) → direct");
    await expect(preview).toContainText("list “One” (3 lines) → token “One”");
    await expect(preview).toContainText(
      "TOR: no username and password. Proxy Deck signs in to every proxy it keeps",
    );
    await expect(preview).toContainText("TOR (1): its proxy (TOR) cannot come over");
    const axe = await new AxeBuilder({ page }).include('[data-testid="foreign-preview"]').analyze();
    expect(axe.violations).toEqual([]);
    await preview.screenshot({ path: screenshotPath("import-foxyproxy-preview.png") });
    // Nothing is written before the user confirms.
    expect(
      await page.evaluate(async () => (await chrome.storage.local.get("siteRules")).siteRules),
    ).toBeUndefined();

    await page.getByRole("button", { name: "Bring it over" }).click();
    await expect(page.locator("#import-status")).toHaveText(
      "Brought over: 2 proxies added (0 already here), 3 site rules added (0 already here), 0 bypass entries added.",
    );
    await pacApplied(context);
    await expect.poll(() => exitOfSite(context, echo, "one.test")).toBe(one.ip);
    expect(
      await exits(context, echo, [
        "one.test",
        "x.one.test",
        "skip.one.test",
        "bank.test",
        "other.test",
      ]),
    ).toEqual({
      "one.test": one.ip,
      "x.one.test": one.ip,
      // One excludes it: the next proxy whose include matches (Two) carries it.
      "skip.one.test": two.ip,
      // Bank (direct) stands before One, whose include matches too.
      "bank.test": "127.0.0.1",
      // No rule: where the user is connected (FoxyProxy sent it direct; the preview says so).
      "other.test": connected.ip,
    });
  } finally {
    await context.close();
  }
});

test("a ZeroOmega backup: fixed profiles with logins, a switch profile's rules in order, its rule list, a bypass list", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const { connected, one, two } = await setUp(context, sb);
    // Before the import everything exits through the connected token.
    expect(await exitOfSite(context, echo, "cdn.test")).toBe(connected.ip);
    const fixed = (name: string, t: typeof one, bypass: string[] = []) => ({
      profileType: "FixedProfile",
      name,
      color: "#99ccee",
      fallbackProxy: { scheme: "http", host: t.host, port: t.port },
      auth: { fallbackProxy: { username: t.username, password: t.password } },
      bypassList: ["127.0.0.1", "::1", "localhost", ...bypass].map((pattern) => ({
        conditionType: "BypassCondition",
        pattern,
      })),
    });
    const rule = (conditionType: string, pattern: string, profileName: string) => ({
      condition: { conditionType, pattern },
      profileName,
    });
    const bak = {
      schemaVersion: 2,
      "-startupProfileName": "auto switch",
      "-downloadInterval": 1440,
      "+work": fixed("work", one, ["*.internal.test"]),
      "+home": fixed("home", two),
      "+tor": {
        profileType: "FixedProfile",
        name: "tor",
        fallbackProxy: { scheme: "socks5", host: "127.0.0.1", port: 9050 },
      },
      "+auto switch": {
        profileType: "SwitchProfile",
        name: "auto switch",
        color: "#99dd99",
        defaultProfileName: "__ruleListOf_auto switch",
        rules: [
          rule("HostWildcardCondition", "bank.test", "direct"),
          rule("HostWildcardCondition", "*.bank.test", "work"),
          rule("HostWildcardCondition", "**.cdn.test", "home"),
          rule("UrlWildcardCondition", "*://*.video.test:*", "work"),
          rule("UrlRegexCondition", "^http://regex\\.test:", "home"),
          rule("KeywordCondition", "magic", "work"),
          rule("HostRegexCondition", "^hr\\.test$", "work"),
          rule("HostWildcardCondition", "*.shop.test", "home"),
          rule("HostWildcardCondition", "api.shop.test", "work"),
          rule("HostWildcardCondition", "*.internal.test", "work"),
          rule("HostWildcardCondition", "onion.test", "tor"),
          {
            condition: { conditionType: "WeekdayCondition", startDay: 0, endDay: 6 },
            profileName: "home",
          },
        ],
      },
      "+__ruleListOf_auto switch": {
        profileType: "RuleListProfile",
        name: "__ruleListOf_auto switch",
        format: "AutoProxy",
        matchProfileName: "work",
        defaultProfileName: "direct",
        sourceUrl: "https://lists.example.org/gfwlist.txt",
        ruleList: "[AutoProxy 0.2.9]\n||listed.test\n@@||ok.listed.test\n",
      },
    };
    const page = await openOptions(context, extensionId, "backup");
    const preview = await importFile(
      page,
      "ZeroOmegaOptions-2026-11-27T08:00:00.000Z.bak",
      JSON.stringify(bak),
    );
    await expect(preview.getByRole("heading")).toHaveText(
      "What comes over from SwitchyOmega / ZeroOmega",
    );
    await expect(preview).toContainText(
      "HostRegexCondition: ^hr\\.test$: no Proxy Deck rule means what “HostRegexCondition” means there.",
    );
    await expect(preview).toContainText(
      "WeekdayCondition: : no Proxy Deck rule means what “WeekdayCondition” means there.",
    );
    await expect(preview).toContainText("tor: no username and password.");
    await expect(preview).toContainText(
      "HostWildcardCondition: onion.test: its proxy (tor) cannot come over",
    );
    await expect(preview).toContainText(
      "list “__ruleListOf_auto switch” (2 lines), kept up to date from https://lists.example.org/gfwlist.txt → token “work”",
    );
    await expect(preview).toContainText(
      "Added to the addresses that skip the proxy (Settings; they apply to every token): *.internal.test",
    );
    await expect(preview).toContainText(
      "Everything no rule matches went direct in SwitchyOmega / ZeroOmega.",
    );

    // The rest as Omega sent it, whatever the user connects: a last rule.
    await preview
      .getByLabel(
        "Also add a last rule: everything else → direct, as in SwitchyOmega / ZeroOmega, whatever you connect",
      )
      .check();
    await page.emulateMedia({ colorScheme: "dark" });
    const axe = await new AxeBuilder({ page }).include('[data-testid="foreign-preview"]').analyze();
    expect(axe.violations).toEqual([]);
    await preview.screenshot({ path: screenshotPath("import-omega-preview-dark.png") });
    await page.emulateMedia({ colorScheme: "light" });
    await page.getByRole("button", { name: "Bring it over" }).click();
    await expect(page.locator("#import-status")).toHaveText(
      "Brought over: 2 proxies added (0 already here), 11 site rules added (0 already here), 1 bypass entry added.",
    );
    await pacApplied(context);
    await expect.poll(() => exitOfSite(context, echo, "www.bank.test")).toBe(one.ip);
    expect(
      await exits(context, echo, [
        "bank.test",
        "www.bank.test",
        "a.cdn.test",
        "cdn.test",
        "www.video.test",
        "regex.test",
        "magic.test",
        "api.shop.test",
        "x.internal.test",
        "listed.test",
        "www.listed.test",
        "ok.listed.test",
      ]),
    ).toEqual({
      // A bare host is that host only in Omega.
      "bank.test": "127.0.0.1",
      "www.bank.test": one.ip,
      "a.cdn.test": two.ip,
      // `**.` is subdomains only; no later rule: the rest, direct as in Omega.
      "cdn.test": "127.0.0.1",
      "www.video.test": one.ip,
      "regex.test": two.ip,
      "magic.test": one.ip,
      // `*.shop.test` (home) stands before `api.shop.test` (work).
      "api.shop.test": two.ip,
      // work's bypass list: direct, as Omega sent it.
      "x.internal.test": "127.0.0.1",
      "listed.test": one.ip,
      "www.listed.test": one.ip,
      // The list's exception falls through to the rest: direct, though a token is connected.
      "ok.listed.test": "127.0.0.1",
    });
  } finally {
    await context.close();
  }
});
