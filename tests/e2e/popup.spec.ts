/**
 * The popup in real Chromium against the sandbox: the page is opened in a tab
 * (chrome-extension://<id>/popup.html), which runs the same code as the toolbar popup.
 */

import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import type { StoredToken } from "../../lib/state/tokens";
import type { TrashEntry } from "../../lib/state/trash";
import type { Sandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { expect, test } from "./fixtures";
import {
  buyElsewhere,
  control,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  heldAnswers,
  must,
  proxyStatus,
  sandboxPage,
  sandboxSettings,
  sendOk,
  startEchoServer,
  storedTokens,
  watchWorker,
} from "./harness";

const DAY = 24 * 60 * 60 * 1000;

let sb: Sandbox;
// The test's own sandbox (fixtures.ts), kept for this file's helpers.
test.beforeEach(({ sb: sandbox }) => {
  sb = sandbox;
});

async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await extensionPage(context, extensionId); // waits while Chromium installs it
  await page.setViewportSize({ width: 400, height: 800 });
  await page.locator(".popup").waitFor();
  return page;
}

/** Settings saved through the background, as Options does. */
async function configured(context: BrowserContext, extensionId: string): Promise<Page> {
  const ext = await sandboxPage(context, extensionId, sb);
  return ext;
}

async function storedTrash(page: Page): Promise<TrashEntry[]> {
  return page.evaluate(async () => {
    const { trash } = await chrome.storage.local.get("trash");
    return (trash ?? []) as never;
  });
}

const row = (page: Page, id: number) => page.locator(`.rows [data-token-id="${id}"]`);

interface Purchase {
  kind: "Static IP" | "Dynamic IP" | "Static traffic" | "Dynamic traffic";
  number: number;
  country: { search: string; pick: string };
  state?: { pick: string; page?: 2 };
  city?: string;
  plan?: RegExp;
}

/** Fills the create form through the pickers and stops at the summary. */
async function fillCreateForm(page: Page, p: Purchase): Promise<void> {
  await page.getByRole("button", { name: "New token" }).click();
  await page.getByRole("radio", { name: p.kind, exact: true }).check();
  await page.getByLabel("How many (1–10)").fill(String(p.number));
  await page.getByRole("radio", { name: "HTTP", exact: true }).check();
  const countries = page.getByTestId("picker-countries");
  await countries.getByRole("searchbox").fill(p.country.search);
  await countries.getByRole("button", { name: p.country.pick, exact: true }).click();
  await expect(countries).toContainText(p.country.pick);
  if (p.state) {
    const states = page.getByTestId("picker-states");
    if (p.state.page === 2) {
      // Not on the first page: "More results" asks for page 2.
      await expect(states.getByRole("button", { name: "California" })).toBeVisible();
      await expect(states.getByRole("button", { name: p.state.pick })).toHaveCount(0);
      await states.getByRole("button", { name: "More results" }).click();
      // The button goes with its page: focus moves to the first entry it brought.
      await expect(states.locator("button.option:focus")).toHaveCount(1);
      await expect(states.getByRole("button", { name: "California" })).not.toBeFocused();
    }
    await states.getByRole("button", { name: p.state.pick, exact: true }).click();
  }
  if (p.city) {
    await page
      .getByTestId("picker-cities")
      .getByRole("button", { name: p.city, exact: true })
      .click();
  }
  if (p.plan) await page.getByRole("radio", { name: p.plan }).check();
  else await expect(page.getByRole("group", { name: "Payment plan" })).toHaveCount(0);
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible();
}

test("creates each of the four kinds through the pickers and a plan", async ({
  context,
  extensionId,
}) => {
  test.setTimeout(guard(120_000));
  await configured(context, extensionId);
  const page = await openPopup(context, extensionId);
  await expect(page.getByText("No tokens yet.")).toBeVisible();

  const purchases: (Purchase & { result: string; check: (t: StoredToken) => void })[] = [
    {
      kind: "Static IP",
      number: 2,
      country: { search: "united", pick: "United States" },
      state: { pick: "New York" },
      city: "New York City",
      plan: /Static IP, 7 days/,
      result: "Created 2 tokens.",
      check: (t) => {
        expect(t).toMatchObject({ kind: "static-ip", state: "New York", city: "New York City" });
        expect(Math.abs(must(t.expiresAt, "expiry") - (Date.now() + 7 * DAY))).toBeLessThan(DAY);
      },
    },
    {
      kind: "Dynamic IP",
      number: 1,
      country: { search: "states", pick: "United States" },
      state: { pick: "Pennsylvania", page: 2 },
      city: "Pittsburgh",
      plan: /Dynamic IP, 1 day/,
      result: "Created 1 of 1 requested token.",
      check: (t) => {
        expect(t).toMatchObject({ kind: "dynamic-ip", city: "Pittsburgh" });
        expect(Math.abs(must(t.expiresAt, "expiry") - (Date.now() + DAY))).toBeLessThan(DAY / 2);
      },
    },
    {
      kind: "Static traffic",
      number: 1,
      country: { search: "germ", pick: "Germany" },
      result: "Created 1 token.",
      check: (t) => expect(t).toMatchObject({ kind: "static-traffic", countryCode: "DE" }),
    },
    {
      kind: "Dynamic traffic",
      number: 3,
      country: { search: "king", pick: "United Kingdom" },
      state: { pick: "England" },
      city: "London",
      result: "Created 3 of 3 requested tokens.",
      check: (t) => {
        expect(t).toMatchObject({ kind: "dynamic-traffic", countryCode: "GB", city: "London" });
        expect(t.trafficQuota).toBeGreaterThan(0);
      },
    },
  ];

  let total = 0;
  for (const purchase of purchases) {
    await fillCreateForm(page, purchase);
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary).toContainText(purchase.kind);
    await expect(summary).toContainText(purchase.country.pick);
    // Each step replaces the view: focus goes to where the user now is, not to the page.
    await expect(page.getByRole("heading", { name: "Summary" })).toBeFocused();
    await page
      .getByRole("button", {
        name: `Buy ${purchase.number} ${purchase.number === 1 ? "token" : "tokens"}`,
      })
      .click();
    await expect(page.getByText(purchase.result)).toBeVisible();
    await expect(page.getByText(purchase.result)).toBeFocused();
    await page.getByRole("button", { name: "Show tokens" }).click();
    total += purchase.number;
    await expect(page.getByRole("button", { name: `Tokens (${total})` })).toBeVisible();
    const newest = (await storedTokens(page)).slice(0, purchase.number);
    for (const token of newest) {
      purchase.check(token);
      await expect(row(page, token.id)).toContainText(purchase.kind);
    }
    await page.getByRole("button", { name: "New token" }).click();
    await page.getByRole("button", { name: "Buy more" }).click();
  }
  // The city filter fitted the kind: Buffalo has no static proxies.
  await page.getByRole("radio", { name: "Static IP", exact: true }).check();
  const countries = page.getByTestId("picker-countries");
  await countries.getByRole("button", { name: "United States", exact: true }).click();
  await page
    .getByTestId("picker-states")
    .getByRole("button", { name: "New York", exact: true })
    .click();
  const cities = page.getByTestId("picker-cities");
  await expect(cities.getByRole("button", { name: "New York City" })).toBeVisible();
  await expect(cities.getByRole("button", { name: "Buffalo" })).toHaveCount(0);
});

test("delete one → Trash with its deadline → restore", async ({ context, extensionId }) => {
  const ext = await configured(context, extensionId);
  const [first, second] = await createTokens(ext, "static-traffic", 2);
  const a = must(first, "token a");
  const b = must(second, "token b");
  const page = await openPopup(context, extensionId);
  await expect(row(page, a.id)).toBeVisible();

  await page.getByRole("button", { name: `Delete token #${a.id}` }).click();
  await expect(page.getByTestId("notice")).toContainText("Moved to the Trash: 1.");
  await expect(row(page, a.id)).toHaveCount(0);
  await expect(row(page, b.id)).toBeVisible();

  await page.getByRole("button", { name: "Trash (1)" }).click();
  const entry = row(page, a.id);
  await expect(entry).toContainText("Restorable until");
  const [stored] = await storedTrash(page);
  const deadline = must(stored, "trash entry").restoreDeadline;
  expect(Math.abs(deadline - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

  await page.getByRole("button", { name: `Restore token #${a.id}` }).click();
  await expect(page.getByTestId("notice")).toContainText("Restored from the Trash: 1.");
  await expect(page.getByText("The Trash is empty.")).toBeVisible();
  await page.getByRole("button", { name: "Tokens (2)" }).click();
  await expect(row(page, a.id)).toBeVisible();
  expect((await storedTokens(page)).map((t) => t.id).sort()).toEqual([a.id, b.id].sort());
});

test("batch delete: an id the server refuses is reported and stays in the list", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  const tokens = await createTokens(ext, "dynamic-traffic", 3);
  const gone = must(tokens[1], "token deleted elsewhere");
  // Deleted behind the extension's back (another device, the provider's dashboard).
  const res = await fetch(`${sb.baseUrl}/token/${gone.id}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${sb.accessToken}` },
  });
  expect(res.ok).toBe(true);

  const page = await openPopup(context, extensionId);
  // Three tokens: the bulk actions come with a ticked row (lib/popup/list-controls.ts).
  await expect(page.getByLabel("Select all 3 matching")).toHaveCount(0);
  await page.getByLabel(`Select token #${must(tokens[0], "first").id}`).check();
  await page.getByLabel("Select all 3 matching").check();
  await page.getByRole("button", { name: "Delete selected (3)" }).click();
  const notice = page.getByTestId("notice");
  await expect(notice).toContainText("Moved to the Trash: 2.");
  await expect(notice).toContainText("Not deleted, still in the list (1):");
  await expect(notice).toContainText(`#${gone.id}:`);
  await expect(page.locator(".rows [data-token-id]")).toHaveCount(1);
  await expect(row(page, gone.id)).toBeVisible();
  await expect(page.getByRole("button", { name: "Trash (2)" })).toBeVisible();
  expect((await storedTokens(page)).map((t) => t.id)).toEqual([gone.id]);

  // Undo brings the two back.
  await notice.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("notice")).toContainText("Restored from the Trash: 2.");
  await expect(page.locator(".rows [data-token-id]")).toHaveCount(3);
});

test("31 days later a deleted token can no longer be restored, and is dismissed", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  const token = must((await createTokens(ext, "static-ip", 1))[0], "token");
  const page = await openPopup(context, extensionId);
  await page.getByRole("button", { name: `Delete token #${token.id}` }).click();
  await expect(page.getByRole("button", { name: "Trash (1)" })).toBeVisible();

  await control(sb, "clock", { advance_ms: 31 * DAY });
  // The browser's own clock has not moved: the provider refuses, and says why.
  await page.getByRole("button", { name: "Trash (1)" }).click();
  await page.getByRole("button", { name: `Restore token #${token.id}` }).click();
  await expect(page.getByTestId("notice")).toContainText(/restore/i);
  await expect(row(page, token.id)).toBeVisible();
  expect(await storedTrash(page)).toHaveLength(1);
  await page.close();

  // The user's clock moves too: the entry says so and offers only to dismiss it.
  const later = await context.newPage();
  await later.clock.setFixedTime(Date.now() + 31 * DAY);
  await later.goto(`chrome-extension://${extensionId}/popup.html`);
  await later.getByRole("button", { name: "Trash (1)" }).click();
  await expect(row(later, token.id)).toContainText("Can no longer be restored");
  await expect(later.getByRole("button", { name: `Restore token #${token.id}` })).toHaveCount(0);
  await later.getByRole("button", { name: `Dismiss token #${token.id} for good` }).click();
  await expect(later.getByText("The Trash is empty.")).toBeVisible();
  expect(await storedTrash(later)).toEqual([]);
});

test("a delete the provider calls final (can_restore: false): no undo, no restore, and why", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await control(sb, "quirks", { no_restore: 1 });
  const page = await openPopup(context, extensionId);
  await page.getByRole("button", { name: `Delete token #${token.id}` }).click();
  const notice = page.getByTestId("notice");
  await expect(notice).toContainText("The provider says 1 of them cannot be restored.");
  await expect(notice.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await page.getByRole("button", { name: "Trash (1)" }).click();
  await expect(row(page, token.id)).toContainText(
    "The provider said this token cannot be restored.",
  );
  await expect(page.getByRole("button", { name: `Restore token #${token.id}` })).toHaveCount(0);
  expect(must((await storedTrash(page))[0], "trash entry").restorable).toBe(false);
});

test("a token near expiry: marked in the list, one notification, never repeated", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  const [soon, later] = await createTokens(ext, "static-traffic", 2);
  const a = must(soon, "token a");
  const b = must(later, "token b");
  // The provider's answer has no expiry for traffic tokens: give one a day left, as a
  // time-billed token near its end has.
  const stored = await storedTokens(ext);
  await ext.evaluate(
    ([list, id]) =>
      chrome.storage.local.set({
        tokens: list.map((t) => (t.id === id ? { ...t, expiresAt: Date.now() + 86_400_000 } : t)),
      }),
    [stored, a.id] as const,
  );
  const notified = () => ext.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
  await expect.poll(notified).toEqual([`proxy-deck-${a.id}:expiring`]);

  const page = await openPopup(context, extensionId);
  await expect(row(page, a.id).getByTestId("token-warnings")).toHaveText("Expires soon");
  await expect(row(page, b.id).getByTestId("token-warnings")).toHaveCount(0);

  // Dismissed; then the list changes (b now expires soon too): the pass that notifies b is
  // the one that would repeat a, and a is not shown again.
  await ext.evaluate((id) => chrome.notifications.clear(id), `proxy-deck-${a.id}:expiring`);
  await ext.evaluate(async (id) => {
    const { tokens } = await chrome.storage.local.get("tokens");
    const list = tokens as { id: number; expiresAt: number | null }[];
    await chrome.storage.local.set({
      tokens: list.map((t) => (t.id === id ? { ...t, expiresAt: Date.now() + 86_400_000 } : t)),
    });
  }, b.id);
  await expect.poll(notified).toEqual([`proxy-deck-${b.id}:expiring`]);
  expect(
    await ext.evaluate(
      async () => (await chrome.storage.local.get("notifiedWarnings")).notifiedWarnings,
    ),
  ).toEqual([`${a.id}:expiring`, `${b.id}:expiring`]);
});

test("closing the popup while a create is in flight loses nothing", async ({
  context,
  extensionId,
}) => {
  await configured(context, extensionId);
  const page = await openPopup(context, extensionId);
  await fillCreateForm(page, {
    kind: "Dynamic IP",
    number: 2,
    country: { search: "japan", pick: "Japan" },
    plan: /Dynamic IP, 30 days/,
  });
  // The provider holds its answer until told: the purchase is on the wire for as long as the
  // test needs, on any machine.
  await control(sb, "faults", { hold: true, count: 1 });
  await page.getByRole("button", { name: "Buy 2 tokens" }).click();
  await expect(page.getByText(/^Buying…/)).toBeVisible();
  await expect.poll(() => heldAnswers(sb)).toBe(1);
  await page.close();

  // A Buy from the reopened popup is refused in words: it would pay a second time.
  const again = await openPopup(context, extensionId);
  await fillCreateForm(again, {
    kind: "Dynamic IP",
    number: 2,
    country: { search: "japan", pick: "Japan" },
    plan: /Dynamic IP, 30 days/,
  });
  await again.getByRole("button", { name: "Buy 2 tokens" }).click();
  await expect(again.getByRole("alert")).toContainText(
    "A purchase is still waiting for the provider's answer.",
  );
  await control(sb, "faults/release");
  await again.getByRole("button", { name: /^Tokens/ }).click();
  await expect(again.locator(".rows [data-token-id]")).toHaveCount(2, { timeout: guard(10_000) });
  await expect(again.getByRole("button", { name: "Tokens (2)" })).toBeVisible();
  const stored = await storedTokens(again);
  expect(stored.map((t) => t.kind)).toEqual(["dynamic-ip", "dynamic-ip"]);
  expect(stored.every((t) => t.countryCode === "JP")).toBe(true);
});

test("connect from the list: the engine proxies and the exit IP is shown", async ({
  context,
  extensionId,
}) => {
  const echo = await startEchoServer();
  try {
    const ext = await configured(context, extensionId);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    const page = await openPopup(context, extensionId);
    await page.getByRole("button", { name: `Connect through token #${token.id}` }).click();
    await expect(row(page, token.id)).toContainText(`Through #${token.id}`);
    await expect(page.getByTestId("exit-ip")).toContainText(token.ip);
    await expect(page.getByTestId("route-word")).toHaveText(`Through #${token.id}`);
    expect((await proxyStatus(page)).state).toBe("connected");
    const browsing = await context.newPage();
    expect(await exitOfPageLoad(browsing, echo.url)).toBe(token.ip);

    await page.bringToFront();
    await page
      .getByRole("button", {
        name: `Turn off token #${token.id}: every site goes direct, site rules included`,
      })
      .click();
    await expect(page.getByTestId("route-word")).toHaveText("Off");
    await expect(row(page, token.id)).not.toContainText("Through");
    // The browser's network side takes a new proxy config a moment after the extension set it
    // (on a loaded machine, one page load was still through the token): the outcome is awaited.
    await expect.poll(() => exitOfPageLoad(browsing, echo.url)).toBe("127.0.0.1");

    // Deleting the connected token disconnects first.
    await page.bringToFront();
    await page.getByRole("button", { name: `Connect through token #${token.id}` }).click();
    await expect(row(page, token.id)).toContainText(`Through #${token.id}`);
    await page.getByRole("button", { name: `Delete token #${token.id}` }).click();
    await expect(page.getByTestId("notice")).toContainText("Moved to the Trash: 1.");
    await expect(page.getByTestId("route-word")).toHaveText(/^(Off|No token)$/);
    expect((await proxyStatus(page)).state).toBe("direct");
    expect(await exitOfPageLoad(browsing, echo.url)).toBe("127.0.0.1");
  } finally {
    await echo.close();
  }
});

test("flags are country codes every platform draws: a badge on each row, the code in the country filter, no emoji flag anywhere", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  // Six: the country filter shows from six tokens (lib/popup/list-controls.ts).
  const tokens = await createTokens(ext, "static-traffic", 6);
  const page = await openPopup(context, extensionId);
  for (const token of tokens) {
    const badge = row(page, token.id).locator(".cc");
    await expect(badge).toHaveText(token.countryCode.toUpperCase());
    // Beside the country's name: the name is read, the badge is not read twice.
    await expect(badge).toHaveAttribute("aria-hidden", "true");
    await expect(badge).toHaveCSS("border-top-style", "solid");
  }
  const code = must(tokens[0], "token").countryCode.toUpperCase();
  const countries = page.getByLabel("Country");
  await expect(countries.locator("option", { hasText: new RegExp(`^${code} `) })).toHaveCount(1);
  // No regional-indicator letter (the halves of an emoji flag) in the popup's text.
  const text = (await page.evaluate(() => document.body.textContent)) ?? "";
  expect(text).toContain(code);
  expect(text).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  const options = await countries.locator("option").allTextContents();
  expect(options.join("\n")).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
});

test("with the worker stopped, the popup opens on what storage holds: rows, the connected one", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  const [first, second] = await createTokens(ext, "static-traffic", 2);
  const token = must(second, "second token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await expect.poll(async () => (await proxyStatus(ext)).state).toBe("connected");
  await ext.close(); // no extension page may keep the worker alive
  const page = await context.newPage();
  const worker = await watchWorker(await context.newCDPSession(page), extensionId);
  await worker.sleep();

  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(row(page, must(first, "first token").id)).toBeVisible();
  await expect(row(page, token.id)).toContainText(`Through #${token.id}`);
  await expect(page.getByRole("button", { name: "Tokens (2)" })).toBeVisible();
});

test("engine errors show on the row; refresh IP and copy act per token", async ({
  context,
  extensionId,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const ext = await configured(context, extensionId);
  const socks = must((await createTokens(ext, "dynamic-ip", 1, "SOCKS5"))[0], "socks token");
  const dynamic = must((await createTokens(ext, "dynamic-traffic", 1))[0], "dynamic token");
  const page = await openPopup(context, extensionId);

  await page.getByRole("button", { name: `Connect through token #${socks.id}` }).click();
  await expect(row(page, socks.id).locator(".error")).toContainText("SOCKS5");

  await page.getByRole("button", { name: `New IP for token #${dynamic.id}` }).click();
  await expect(row(page, dynamic.id)).toContainText("New IP assigned.");
  const moved = must(
    (await storedTokens(page)).find((t) => t.id === dynamic.id),
    "refreshed token",
  );
  expect(moved.ip).not.toBe(dynamic.ip);
  await expect(row(page, dynamic.id)).toContainText(moved.ip);

  await page
    .getByRole("button", { name: `Copy host:port:user:pass of token #${dynamic.id}` })
    .click();
  await expect(row(page, dynamic.id)).toContainText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${moved.host}:${moved.port}:${moved.username}:${moved.password}`,
  );
  await page.getByRole("button", { name: `Copy URL for curl of token #${dynamic.id}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `http://${moved.username}:${moved.password}@${moved.host}:${moved.port}`,
  );
});

test("before credentials the popup leads to Options; Chinese when chosen", async ({
  context,
  extensionId,
}) => {
  const page = await openPopup(context, extensionId);
  // One instruction and one action, no error (popup-glance.spec.ts says more).
  const [options] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Set up your provider" }).click(),
  ]);
  expect(options.url()).toContain("/options.html#welcome");

  await sendOk(page, {
    type: "patchSettings",
    patch: sandboxSettings(sb, { language: "zh_CN" }),
  });
  await expect(page.getByRole("button", { name: "新建令牌" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

  // The toolbar now opens the Chinese page, which carries the Chinese strings and loads only
  // Chinese tables.
  await expect
    .poll(() => page.evaluate(async () => chrome.action.getPopup({})))
    .toMatch(/\/popup-zh_CN\.html$/);
  const popupUrl = await page.evaluate(async () => chrome.action.getPopup({}));
  const chinese = await context.newPage();
  const requested: string[] = [];
  chinese.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await chinese.goto(popupUrl);
  await expect(chinese.getByRole("button", { name: "新建令牌" })).toBeVisible();
  // No English table (a chunk's hash may hold "-en" by chance: the tables' names are exact).
  expect(requested.filter((file) => /\/popup-(pack|failures)-en\.js$/.test(file))).toEqual([]);
  // The failure sentences load after the first frame: wait for them, not for a tick count.
  await expect.poll(() => requested).toContain("/popup-failures-zh_CN.js");
  // The stylesheet the page carries applies once its first content is in (400 px wide).
  expect(await chinese.evaluate(() => getComputedStyle(document.body).width)).toBe("400px");
  expect(requested).not.toContain("/popup-pack-zh_CN.js");
  // The views that load on demand bring their own words, in the page's language.
  await chinese.getByRole("button", { name: "新建令牌" }).click();
  await expect(chinese.getByRole("form", { name: "购买新令牌" })).toBeVisible();
  await expect(chinese.getByLabel("数量（1–10）")).toBeVisible();
  await chinese.getByRole("button", { name: /^回收站/ }).click();
  await expect(chinese.getByText(/^回收站是空的/)).toBeVisible();
  // No English table (a chunk's hash may hold "-en" by chance: the tables' names are exact).
  expect(requested.filter((file) => /\/popup-(pack|failures)-en\.js$/.test(file))).toEqual([]);

  await sendOk(page, { type: "patchSettings", patch: { language: "en" } });
  await expect
    .poll(() => page.evaluate(async () => chrome.action.getPopup({})))
    .toMatch(/\/popup\.html$/);
});

test("a popup whose storage cannot be read says what to do, in its language, never blank", async ({
  context,
  extensionId,
}) => {
  await extensionPage(context, extensionId); // waits while Chromium installs it
  for (const [file, sentence] of [
    ["popup.html", /could not read its saved data/],
    ["popup-zh_CN.html", /无法读取已保存的数据/],
  ] as const) {
    const page = await context.newPage();
    // The browser refuses the read, as with a damaged profile: the fault is in place before
    // the page's module runs.
    await page.addInitScript({
      content: 'chrome.storage.local.get = () => Promise.reject(new Error("IO error: LOCK"));',
    });
    await page.goto(`chrome-extension://${extensionId}/${file}`);
    await expect(page.getByRole("alert")).toHaveText(sentence);
    // The page's stylesheet applies to the sentence too (400 px wide).
    expect(await page.evaluate(() => getComputedStyle(document.body).width)).toBe("400px");
    await page.close();
  }
});

test("keyboard only: views, pickers and the purchase", async ({ context, extensionId }) => {
  await configured(context, extensionId);
  const page = await openPopup(context, extensionId);
  await page.getByRole("button", { name: "New token" }).focus();
  await page.keyboard.press("Enter");
  const search = page.getByRole("searchbox", { name: /^Country/ });
  await search.focus();
  await page.keyboard.type("japan");
  await expect(page.getByTestId("picker-countries").getByRole("button")).toHaveText([/Japan$/]);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Japan" })).toBeFocused();
  await page.keyboard.press("Enter");
  // Focus stays in the picker, and the next step is one Tab away.
  await expect(page.getByRole("button", { name: "Change: Country" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("searchbox", { name: /^State/ })).toBeFocused();
  await page.getByRole("button", { name: "Review" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Buy 1 token" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Created 1 token.")).toBeVisible();
  expect((await storedTokens(page)).map((t) => t.countryCode)).toEqual(["JP"]);
});

test("10,000 stored tokens: a window of rows in the page, scrolling reaches the last, search narrows", async ({
  context,
  extensionId,
}) => {
  const ext = await extensionPage(context, extensionId);
  await ext.evaluate(async () => {
    const kinds = ["static-ip", "dynamic-ip", "static-traffic", "dynamic-traffic"] as const;
    const tokens = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      kind: kinds[i % 4],
      networkType: "HTTP",
      host: "127.0.0.1",
      port: 8000,
      username: `user${i + 1}`,
      password: `secret${i + 1}`,
      ip: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      name: "",
      country: i % 2 ? "Germany" : "Japan",
      countryCode: i % 2 ? "DE" : "JP",
      state: "",
      city: i % 2 ? "Berlin" : "Tokyo",
      expiresAt: Date.now() + 86_400_000,
      refreshUrl: "",
      trafficQuota: i % 4 === 3 ? 1_073_741_824 : null,
      trafficUsed: i % 4 === 3 ? 1_000_000 : null,
      createdAt: Date.now(),
    }));
    await chrome.storage.local.set({ tokens });
  });
  const page = await openPopup(context, extensionId);
  await expect(page.getByRole("button", { name: "Tokens (10000)" })).toBeVisible();
  const drawn = page.locator(".rows [data-token-id]");
  await expect(page.getByText("Select all 10000 matching")).toBeVisible();
  await expect(drawn.first()).toHaveAttribute("data-token-id", "1");
  // Only the rows near the viewport are in the page, however long the list.
  expect(await drawn.count()).toBeLessThan(40);
  // The page is as tall as the whole list: scrolling to its end reaches the last token.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return drawn.last().getAttribute("data-token-id");
    })
    .toBe("10000");
  await expect(page.locator('[data-token-id="10000"]')).toBeInViewport();
  expect(await drawn.count()).toBeLessThan(40);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('[data-token-id="1"]')).toBeInViewport();

  await page.getByLabel("Kind").selectOption("dynamic-traffic");
  await page.getByLabel("Country").selectOption("Germany");
  await expect(page.getByText("Select all 2500 matching")).toBeVisible();
  await page.getByLabel("Search").fill("10.0.3.24");
  // 10.0.3.24 and 10.0.3.240–249 match; of those, the dynamic-traffic ones in Germany: index
  // 3 mod 4 (dynamic traffic, and odd, so Germany), i.e. id 4n. Computed the way they were made.
  const ipOf = (i: number) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const expected = Array.from({ length: 10_000 }, (_, i) => i)
    .filter((i) => i % 4 === 3 && ipOf(i).includes("10.0.3.24"))
    .map((i) => i + 1);
  expect(expected).toEqual([992, 996]);
  const rows = page.locator(".rows [data-token-id]");
  await expect(rows).toHaveCount(expected.length);
  const ids = await rows.evaluateAll((found) =>
    found.map((r) => Number(r.getAttribute("data-token-id"))),
  );
  expect(ids).toEqual(expected);
  for (const id of ids) {
    expect(id % 4).toBe(0); // index 3 mod 4 → dynamic traffic, odd index → Germany
  }
  // Clearing the search brings the kind and country filters' 2,500 back.
  await page.getByLabel("Search").fill("");
  await expect(page.getByText("Select all 2500 matching")).toBeVisible();
});

test("axe-core finds no violations in light and dark mode", async ({ context, extensionId }) => {
  const ext = await configured(context, extensionId);
  const works = must((await createTokens(ext, "static-ip", 1))[0], "working token");
  const socks = must((await createTokens(ext, "dynamic-traffic", 1, "SOCKS5"))[0], "socks token");
  const deleted = must((await createTokens(ext, "dynamic-ip", 1))[0], "deleted token");
  await sendOk(ext, { type: "deleteTokens", tokenIds: [deleted.id] });
  // Health marks on the rows: a working one and a failed one (its red words).
  const health = {
    [works.id]: { at: Date.now(), outcome: { kind: "ok", latencyMs: 42, exitIp: null } },
    [socks.id]: { at: Date.now(), outcome: { kind: "login-refused" } },
  };
  await ext.evaluate(
    (text) => chrome.storage.local.set({ tokenHealth: text }),
    JSON.stringify(health),
  );
  const page = await openPopup(context, extensionId);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByRole("button", { name: /^Tokens/ }).click();
    await expect(page.locator(".rows [data-token-id]")).toHaveCount(2);
    await expect(page.locator(".rows .health-mark")).toHaveCount(2);
    expect((await new AxeBuilder({ page }).analyze()).violations, `list ${colorScheme}`).toEqual(
      [],
    );
    await page.getByRole("button", { name: "New token" }).click();
    await page.getByTestId("picker-countries").getByRole("button", { name: "Japan" }).click();
    await expect(page.getByTestId("picker-states").getByRole("button").first()).toBeVisible();
    await page.getByRole("radio", { name: "SOCKS5" }).check();
    expect((await new AxeBuilder({ page }).analyze()).violations, `create ${colorScheme}`).toEqual(
      [],
    );
    await page.getByRole("button", { name: "Review" }).click();
    expect((await new AxeBuilder({ page }).analyze()).violations, `summary ${colorScheme}`).toEqual(
      [],
    );
    await page.getByRole("button", { name: "Back" }).click();
    await page
      .getByRole("button", { name: /Change/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Trash (1)" }).click();
    await expect(row(page, deleted.id)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations, `trash ${colorScheme}`).toEqual(
      [],
    );
  }
});

test("add proxies you already have from the popup: judged first, then listed as added by hand", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  const held = must((await createTokens(ext, "static-traffic", 1))[0], "held token");
  const page = await openPopup(context, extensionId);
  await page.getByRole("button", { name: "Add yours" }).click();
  // A file dropped on the box is read into it.
  const box = page.getByLabel("Proxies, one per line");
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["10.5.5.5:80:dropped:pw\n"], "mine.txt", { type: "text/plain" }));
    return transfer;
  });
  await box.dispatchEvent("drop", { dataTransfer: dropped });
  await expect(box).toHaveValue("10.5.5.5:80:dropped:pw\n");
  await page
    .getByLabel("Proxies, one per line")
    .fill(
      [
        "gw.example.net:8000:alice:secret",
        `${held.host}:${held.port}:${held.username}:${held.password}`,
        "gw.example.net:8000",
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Check the lines" }).click();
  await expect(page.getByTestId("add-preview")).toContainText(
    "1 to add, 1 already there, 1 refused.",
  );
  await expect(page.getByTestId("add-preview")).toContainText(
    "Line 3: a username and a password are needed",
  );
  await page.getByRole("button", { name: "Add 1 proxy" }).click();
  await expect(page.locator("#popup-add-status")).toContainText("Added 1 proxy");
  await page.getByRole("button", { name: /^Tokens/ }).click();
  const added = must(
    (await storedTokens(page)).find((t) => t.username === "alice"),
    "the added proxy",
  );
  await expect(row(page, added.id)).toContainText("Added by hand");
  // Provider operations are not offered where they cannot work: no "New IP" for it.
  await expect(page.getByRole("button", { name: `New IP for token #${added.id}` })).toHaveCount(0);
});

test("a hand-added proxy with the provider's token id: deleting it deletes it at the provider", async ({
  context,
  extensionId,
}) => {
  const ext = await configured(context, extensionId);
  // Bought elsewhere: the provider knows it, this browser does not.
  const real = await buyElsewhere(sb);
  const page = await openPopup(context, extensionId);
  await page.getByRole("button", { name: "Add yours" }).click();
  await page
    .getByLabel("Proxies, one per line")
    .fill(
      `host,port,username,password,token_id\n${real.host},${real.port},${real.username},${real.password},${real.id}`,
    );
  await page.getByRole("button", { name: "Check the lines" }).click();
  await page.getByRole("button", { name: "Add 1 proxy" }).click();
  await expect(page.locator("#popup-add-status")).toContainText("Added 1 proxy");
  expect((await storedTokens(page)).map((t) => t.id)).toEqual([real.id]);

  await sendOk(ext, { type: "deleteTokens", tokenIds: [real.id] });
  const state = (await (await fetch(`${sb.baseUrl}/__sandbox/state`)).json()) as {
    tokens: { id: number; status: string }[];
  };
  expect(state.tokens.find((t) => t.id === real.id)?.status).toBe("deleted");
});
