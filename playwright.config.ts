import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  // Each test launches its own Chromium with the extension; two cores allow one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI_SUMMARY_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_SUMMARY_DIR}/playwright.json` }]]
    : "list",
  use: { trace: "retain-on-failure" },
});
