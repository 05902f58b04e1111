/**
 * The popup and every Options page in Persian (right to left), Russian and Japanese, in real
 * Chromium against the sandbox: each in its language and direction, axe clean in light and
 * dark, no labelled control's text running past its box, and a screenshot of each kept with
 * the test's output. Persian is laid out from the right: the sidebar stands right of the page,
 * a row's checkbox right of its place, and addresses keep their own left-to-right order.
 */

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { intlLocale, type Language, textDirection } from "../../lib/base/languages";
import { PAGES } from "../../lib/options/pages";
import { guard } from "../support/pace";
import { expect, test } from "./fixtures";
import { extensionPage, must, sendOk } from "./harness";
import { optionsWorld, showOptionsPage } from "./options-world";
import { screenshotPath } from "./screenshot-path";

/** Labelled controls whose text is cut: wider than their box (scrollWidth past clientWidth). */
function overflowingInPage(): string[] {
  const controls = document.querySelectorAll<HTMLElement>(
    'button, a[href], summary, label, th, [role="tab"], .view-button, .status-word, h1, h2, h3',
  );
  return (
    [...controls]
      // A 1-px box is text for screen readers only (the popup's heading): it has no box to fit.
      .filter((el) => el.checkVisibility() && el.clientWidth > 1)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()} “${el.textContent?.trim().slice(0, 50)}”`)
  );
}

/** Axe in light and dark, nothing cut, a screenshot of each. */
async function judge(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const axe = await new AxeBuilder({ page }).analyze();
    for (const v of axe.violations) {
      problems.push(`${name} ${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
    }
    for (const cut of await page.evaluate(overflowingInPage)) {
      problems.push(`${name} ${colorScheme}: ${cut} is cut`);
    }
    const [scroll = 0, client = 0] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    if (scroll > client) problems.push(`${name} ${colorScheme}: the page scrolls sideways`);
    await page.screenshot({ path: screenshotPath(`${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  return problems;
}

// Nine pages, each judged twice (light, dark), and the popup.
test.describe.configure({ timeout: guard(180_000) });

const LANGUAGES: readonly { language: Language; title: RegExp }[] = [
  { language: "fa", title: /[\u0600-\u06FF]/ },
  { language: "ru", title: /[А-Яа-яЁё]/ },
  { language: "ja", title: /[\u3040-\u30FF\u4E00-\u9FFF]/ },
];

for (const { language, title } of LANGUAGES) {
  test(`${language}: the popup and every Options page in the language and its direction, axe clean light and dark, nothing cut, screenshots kept`, async ({
    context,
    extensionId,
    sb,
  }) => {
    const { page, ext } = await optionsWorld(context, extensionId, sb);
    await sendOk(ext, { type: "patchSettings", patch: { language } });
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", intlLocale(language));
    await expect(html).toHaveAttribute("dir", textDirection(language));
    const problems: string[] = [];

    for (const id of ["welcome", ...PAGES.map((p) => p.id)]) {
      await showOptionsPage(page, extensionId, id);
      // The page speaks the language: its heading is written in the language's script.
      await expect(page.locator("main h2").first()).toHaveText(title);
      problems.push(...(await judge(page, `options-${id}-${language}`)));
    }
    const sidebar = must(await page.locator(".sidebar").boundingBox(), "sidebar");
    const main = must(await page.locator("main").boundingBox(), "main");
    // Right to left, the sidebar leads from the right; left to right, from the left.
    expect(sidebar.x > main.x, "sidebar right of the page").toBe(language === "fa");

    const popup = await extensionPage(context, extensionId, `popup-${language}.html`);
    await popup.setViewportSize({ width: 400, height: 700 });
    // Built with its direction: `dir="rtl"` on a Persian page, left to right by default.
    expect(await popup.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe(
      textDirection(language),
    );
    const row = popup.locator("[data-token-id]").first();
    await expect(row).toBeVisible();
    await popup.getByTestId("this-site").waitFor();
    await expect(popup.getByTestId("route-word")).toHaveText(title);
    const tick = must(await row.locator(".select").boundingBox(), "checkbox");
    const place = must(await row.locator(".place").boundingBox(), "place");
    expect(tick.x > place.x, "checkbox right of the place").toBe(language === "fa");
    problems.push(...(await judge(popup, `popup-${language}`)));
    expect(problems).toEqual([]);
  });
}
