/**
 * A rule list imported through Options as a new user does it, timed in the page (from the
 * event to the frame that shows its outcome): the file chosen → its text in the box; "Check
 * the list" → the report; "Add as one rule" → the rule's row, and → saved and live (the
 * background's reply, after which the form clears); then the route tester's answer.
 */
import type { Page } from "@playwright/test";

export interface ImportTimes {
  read: number;
  listed: number;
  row: number;
  saved: number;
  tested: number;
}

/**
 * In the page: runs `act` (a click on the element `click` selects, or nothing when the event
 * came from outside), then waits until `selector` is present (absent when `present` is false)
 * with `text` in it, and for the frame after. Milliseconds from `since` (performance.now(),
 * or the click).
 */
function timeInPage(
  page: Page,
  step: { click?: string; selector: string; present?: boolean; text?: string; since?: string },
): Promise<number> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async ({ click, selector, present = true, text = "", since }) => {
    const started = performance.now();
    if (click) (document.querySelector(click) as HTMLElement | null)?.click();
    for (;;) {
      const found = document.querySelector(selector);
      if (present ? !!found && (found.textContent ?? "").includes(text) : !found) break;
      if (performance.now() - started > 60_000) throw new Error(`never seen: ${selector} ${text}`);
      await new Promise((done) => requestAnimationFrame(done));
    }
    await new Promise((done) => requestAnimationFrame(done));
    // A step timed from an event set by another call reads its start at the end.
    const from = since ? (window as unknown as Record<string, number>)[since] : undefined;
    return performance.now() - (from ?? started);
  }, step);
}

/** Imports `text` as `name` through Options' file chooser, routed through `tokenId`. */
export async function importThroughOptions(
  page: Page,
  file: { name: string; text: string; tokenId: number; testUrl: string },
): Promise<ImportTimes> {
  await page.evaluate(() => {
    document
      .querySelector("#rules-import-file")
      ?.addEventListener("change", () => Object.assign(window, { chosenAt: performance.now() }), {
        capture: true,
        once: true,
      });
  });
  await page.getByLabel("Or choose a file (.txt)").setInputFiles({
    name: `${file.name}.txt`,
    mimeType: "text/plain",
    buffer: Buffer.from(file.text),
  });
  const read = await page.evaluate(async () => {
    const box = document.querySelector("#rules-import-text") as HTMLTextAreaElement;
    while (box.value === "") await new Promise((done) => requestAnimationFrame(done));
    return performance.now() - (window as unknown as { chosenAt: number }).chosenAt;
  });
  const listed = await timeInPage(page, {
    click: ".rule-import .actions button.secondary",
    selector: "#rules-import-report",
  });
  await page.getByLabel("Route for the list").selectOption(`token:${file.tokenId}`);
  const rowText = `List “${file.name}”`;
  const [row, saved] = await Promise.all([
    timeInPage(page, { selector: "#site-rules .rule-row", text: rowText, since: "addAt" }),
    timeInPage(page, { selector: "#rules-import-report", present: false, since: "addAt" }),
    page.evaluate(() => {
      Object.assign(window, { addAt: performance.now() });
      (document.querySelector(".rule-import-add .actions button") as HTMLElement).click();
    }),
  ]);
  await page.getByLabel("Address to test").fill(file.testUrl);
  const tested = await timeInPage(page, {
    click: ".rule-test button[type=submit]",
    selector: "#rules-test-answer",
    text: "by rule",
  });
  return { read, listed, row, saved, tested };
}
