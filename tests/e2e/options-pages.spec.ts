/**
 * Options as pages, in real Chromium against the sandbox: every page reached from the sidebar,
 * axe clean in light and dark, in English and Chinese, every control reached with Tab, and a
 * screenshot of each kept with the test's output.
 */

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PAGES } from "../../lib/options/pages";
import { guard } from "../support/pace";
import { expect, test } from "./fixtures";
import { sendOk } from "./harness";
import { optionsWorld, showOptionsPage } from "./options-world";
import { screenshotPath } from "./screenshot-path";

/** Every control of the page's main area that Tab must reach, each reached once in turn. */
async function everyControlReached(page: Page): Promise<string[]> {
  const wanted = await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        "main a[href], main button:not([disabled]), main input:not([disabled]), main select:not([disabled]), main textarea:not([disabled]), main summary",
      ),
      // checkVisibility: a closed <details> hides its content by content-visibility, which
      // leaves offsetParent set.
    ].filter((el) => el.checkVisibility() && el.tabIndex >= 0);
    // A radio group is one Tab stop: only its checked (or first) radio is reached.
    const stops = controls.filter((el) => {
      if (!(el instanceof HTMLInputElement) || el.type !== "radio") return true;
      const group = controls.filter(
        (o) => o instanceof HTMLInputElement && o.type === "radio" && o.name === el.name,
      ) as HTMLInputElement[];
      return el === (group.find((o) => o.checked) ?? group[0]);
    });
    for (const [i, el] of stops.entries()) el.setAttribute("data-stop", String(i));
    return stops.length;
  });
  await page.locator(".sidebar a").first().focus();
  const reached = new Set<string>();
  for (let i = 0; i < wanted + 20 && reached.size < wanted; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => document.activeElement?.getAttribute("data-stop"));
    if (stop) reached.add(stop);
  }
  const missed = await page.evaluate(
    (got) =>
      [...document.querySelectorAll<HTMLElement>("[data-stop]")]
        .filter((el) => !got.includes(el.dataset.stop ?? ""))
        .map((el) => el.id || el.textContent?.trim() || el.outerHTML.slice(0, 60)),
    [...reached],
  );
  return missed;
}

async function judgePages(page: Page, extensionId: string, language: "en" | "zh") {
  for (const id of ["welcome", ...PAGES.map((p) => p.id)]) {
    await showOptionsPage(page, extensionId, id);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
        `${id}, ${language}, ${colorScheme}`,
      ).toEqual([]);
      await page.screenshot({
        path: screenshotPath(`options-${id}-${language}-${colorScheme}.png`),
        fullPage: true,
      });
    }
    await page.emulateMedia({ colorScheme: "light" });
    expect(await everyControlReached(page), `${id}: not reached with Tab`).toEqual([]);
  }
}

test("every Options page: axe clean light and dark, en and zh, Tab reaches every control, screenshots kept", async ({
  context,
  extensionId,
  sb,
}) => {
  test.setTimeout(guard(180_000));
  const { page, ext } = await optionsWorld(context, extensionId, sb);

  await judgePages(page, extensionId, "en");
  await sendOk(ext, { type: "patchSettings", patch: { language: "zh_CN" } });
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await judgePages(page, extensionId, "zh");
});
