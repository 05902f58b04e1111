import path from "node:path";
import { test } from "@playwright/test";

/**
 * Where a test saves a screenshot the README shows: `docs/screenshots/` when asked
 * (`PROXY_DECK_SCREENSHOTS=1`), else the test's own output folder, so that a test run leaves
 * the checkout as it found it.
 */
export function screenshotPath(name: string): string {
  return process.env.PROXY_DECK_SCREENSHOTS
    ? path.resolve("docs/screenshots", name)
    : test.info().outputPath(name);
}
