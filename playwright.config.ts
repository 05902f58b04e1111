import { defineConfig } from "@playwright/test";
import { guard } from "./tests/support/pace";

export default defineConfig({
  testDir: "tests/e2e",
  // Each test launches its own Chromium with the extension. Two at a time fill the two cores
  // (7.4 → 5.0 min measured; three beside the Firefox suite took longer than two: 372 s against
  // 354 s); npm test runs the Firefox suite beside them. Tests, not files, are dealt out, so
  // the long files do not end the run on one worker.
  // A test tagged @waits mostly waits (on Chrome's shortest alarm, a 30-s idle, a worker's
  // restart, a sync's delay): alone, under half a core over its run. These run in a third lane
  // beside the two, so the two do not sit out those waits, and the run's end is left to tests
  // that keep both cores busy.
  workers: 3,
  projects: [
    { name: "waits", grep: /@waits/, workers: 1 },
    { name: "chromium", grepInvert: /@waits/, workers: 2 },
  ],
  fullyParallel: true,
  retries: 0,
  // Guards for a machine three times slower (tests/support/pace.ts): a green run never waits
  // them out; a loaded one (CI beside other work) no longer fails on them.
  timeout: guard(60_000),
  expect: { timeout: guard(5_000) },
  reporter: process.env.CI_SUMMARY_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_SUMMARY_DIR}/playwright.json` }]]
    : "list",
  // Recording a trace costs every test ~18% more time (measured on popup + options specs);
  // PROXY_DECK_TRACE=1 records one, kept for the tests that fail.
  use: { trace: process.env.PROXY_DECK_TRACE ? "retain-on-failure" : "off" },
});
