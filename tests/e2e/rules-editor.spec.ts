/**
 * The Options page's site-rule editor in real Chromium: rules added by typing (a mistake is
 * said, nothing stored), reordered with the keyboard, switched off, asked about an address,
 * a small AutoProxy list imported; storage holds exactly what the page shows.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ruleLines } from "../../lib/routing/rule-list";
import type { SiteRule } from "../../lib/routing/rules";
import type { Sandbox } from "../sandbox/index";
import { expect, test } from "./fixtures";
import { createTokens, must, openOptions, sandboxPage, sendOk } from "./harness";
import { screenshotPath } from "./screenshot-path";

let sb: Sandbox;
// The test's own sandbox (fixtures.ts), kept for this file's helpers.
test.beforeEach(({ sb: sandbox }) => {
  sb = sandbox;
});

const storedRules = (page: Page) =>
  page.evaluate(
    // Stored as one JSON text (lib/storage/items.ts).
    async () =>
      JSON.parse(
        String((await chrome.storage.local.get("siteRules")).siteRules ?? "[]"),
      ) as SiteRule[],
  );

/** The rules as the page shows them: text, route, on/off, in order. */
const shownRules = (page: Page) =>
  page.locator("#site-rules .rule-row").evaluateAll((rows) =>
    rows.map((row) => ({
      text: row.querySelector(".rule-source code")?.textContent ?? "",
      route: (row.querySelector("select") as HTMLSelectElement).value,
      enabled: (row.querySelector("input[type=checkbox]") as HTMLInputElement).checked,
    })),
  );

const asShown = (rules: SiteRule[]) =>
  rules.map((rule) => ({
    text:
      rule.source.type === "pattern"
        ? rule.source.text
        : `List “${rule.source.name}” (${ruleLines(rule.source.lines).length} lines)`,
    route: rule.route.kind === "token" ? `token:${rule.route.tokenId}` : rule.route.kind,
    enabled: rule.enabled,
  }));

test("site rules: add, a mistake, keyboard reorder, switch off, which route, import a list", async ({
  context,
  extensionId,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const tokenA = must(a, "token A");
  const tokenB = must(b, "token B");
  const page = await openOptions(context, extensionId, "site-rules");
  const section = page.locator("#site-rules");
  await section.scrollIntoViewIfNeeded();
  await expect(
    section.getByText("No rules yet: every site takes the default route."),
  ).toBeVisible();

  // A mistake is said next to the field, and nothing is stored.
  const pattern = page.getByLabel("Pattern", { exact: true });
  const route = page.getByLabel("Route for the new rule");
  const addRule = page.getByRole("button", { name: "Add rule" });
  await pattern.fill("exa mple.com");
  const error = page.locator("#rules-add-pattern-error");
  await expect(error).toHaveText(
    "Remove the spaces: a pattern is one word, for example example.com.",
  );
  await expect(pattern).toHaveAttribute("aria-describedby", "rules-add-pattern-error");
  await expect(pattern).toHaveAttribute("aria-invalid", "true");
  await addRule.click();
  await expect(pattern).toBeFocused();
  expect(await storedRules(page)).toEqual([]);

  // Three rules, typed.
  await pattern.fill("example.com");
  await expect(error).toHaveCount(0);
  await route.selectOption(`token:${tokenA.id}`);
  await addRule.click();
  await expect(section.locator(".rule-row")).toHaveCount(1);
  await pattern.fill("*.test");
  await route.selectOption("direct");
  await pattern.press("Enter");
  await expect(section.locator(".rule-row")).toHaveCount(2);
  await pattern.fill("10.0.0.0/8");
  await route.selectOption("block");
  await addRule.click();
  await expect(section.locator(".rule-row")).toHaveCount(3);
  await expect.poll(async () => (await storedRules(page)).length).toBe(3);

  // Keyboard reorder: the focused row moves up twice, and the focus stays on it.
  const cidrRow = section.locator(".rule-row", { hasText: "10.0.0.0/8" });
  await cidrRow.focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(section.locator(".rule-row").nth(1)).toContainText("10.0.0.0/8");
  await expect(cidrRow).toBeFocused();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(section.locator(".rule-row").first()).toContainText("10.0.0.0/8");
  await expect(cidrRow).toBeFocused();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(section.locator(".rule-row").nth(1)).toContainText("10.0.0.0/8");
  await expect(cidrRow).toBeFocused();
  await expect(section.locator('[role="status"].visually-hidden')).toHaveText(
    "Rule “10.0.0.0/8” is now rule 2.",
  );
  // Order now: example.com, 10.0.0.0/8, *.test. Switch *.test off; route example.com via B.
  await page.getByRole("checkbox", { name: "Enabled: rule 3 (*.test)" }).uncheck();
  await page
    .getByRole("combobox", { name: "Route: rule 1 (example.com)" })
    .selectOption(`token:${tokenB.id}`);
  await expect
    .poll(async () => (await storedRules(page)).map((r) => [r.enabled, r.route.kind]))
    .toEqual([
      [true, "token"],
      [true, "block"],
      [false, "direct"],
    ]);

  // Which route would this URL take?
  const url = page.getByLabel("Address to test");
  const answer = page.locator("#rules-test-answer");
  await url.fill("https://www.example.com/page");
  await page.getByRole("button", { name: "Test", exact: true }).click();
  await expect(answer).toContainText("https://www.example.com/page takes ");
  await expect(answer).toContainText(", by rule 1 (example.com).");
  await url.fill("http://10.1.2.3/");
  await url.press("Enter");
  await expect(answer).toHaveText("http://10.1.2.3/ takes Block, by rule 2 (10.0.0.0/8).");
  await url.fill("https://shop.test/");
  await url.press("Enter");
  // The *.test rule is off: the default route, and no token is connected.
  await expect(answer).toHaveText(
    "https://shop.test/ takes the default route: direct (no token is connected).",
  );

  // Import a small AutoProxy list with one bad line (the form unfolds from its heading).
  await page.locator("#rules-import summary").click();
  await page
    .getByLabel("Rule list text")
    .fill(
      [
        "[AutoProxy 0.2.9]",
        "! a comment",
        "||google.com",
        "||bad host.com",
        "|http://plain.example/",
        "@@||mail.google.com",
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Check the list" }).click();
  const report = page.locator("#rules-import-report");
  await expect(report).toContainText("Lines imported: 3. Comments: 2. Rejected: 1.");
  await expect(report.locator("li")).toHaveText([
    "Line 4: Remove the spaces: a pattern is one word, for example example.com. ||bad host.com",
  ]);
  await page.getByLabel("Name of the list rule").fill("mini");
  await page.getByLabel("Route for the list").selectOption(`token:${tokenA.id}`);
  await page.getByRole("button", { name: "Add as one rule" }).click();
  await expect(section.locator(".rule-row")).toHaveCount(4);
  await expect(section.locator(".rule-row").nth(3)).toContainText("List “mini” (3 lines)");

  // Storage holds what the page shows, in the same order.
  await expect.poll(async () => asShown(await storedRules(page))).toEqual(await shownRules(page));
  const stored = await storedRules(page);
  expect(stored[3]?.source).toEqual({
    type: "list",
    name: "mini",
    lines: ["[AutoProxy 0.2.9]", "||google.com", "|http://plain.example/", "@@||mail.google.com"],
  });
  expect(new Set(stored.map((r) => r.id)).size).toBe(4);

  // A reload shows the same list.
  await page.reload();
  await expect(page.locator("#site-rules .rule-row")).toHaveCount(4);
  expect(await shownRules(page)).toEqual(asShown(stored));

  // A token that is gone: its rule says that it blocks its sites.
  await sendOk(ext, { type: "deleteTokens", tokenIds: [tokenB.id] });
  await expect(page.locator("#site-rules .rule-warning")).toHaveText([
    "Blocks its sites: its token is gone — pick another route.",
  ]);

  // Accessibility of the section, an error on show, light and dark; then the screenshot.
  await page.getByLabel("Pattern", { exact: true }).fill("*.exa*mple..com/");
  await expect(page.locator("#rules-add-pattern-error")).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include("#site-rules").analyze();
    expect(
      results.violations.map((v) => `${colorScheme}: ${v.id}: ${v.nodes.map((n) => n.target)}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByLabel("Pattern", { exact: true }).fill("");
  await page.getByLabel("Address to test").fill("https://www.example.com/page");
  await page.getByRole("button", { name: "Test", exact: true }).click();
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.locator("#site-rules").screenshot({ path: screenshotPath("rule-editor.png") });
});
