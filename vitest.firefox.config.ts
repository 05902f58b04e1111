import { defineConfig } from "vitest/config";
import { guard } from "./tests/support/pace";

// The Firefox ESR journey (tests/firefox): one browser, tests in order, needs `npm run build`.
export default defineConfig({
  test: {
    include: ["tests/firefox/**/*.test.ts"],
    // Starts Firefox once on a new profile; each test's Firefox starts from a copy of it.
    globalSetup: ["tests/firefox/profile-template.ts"],
    fileParallelism: false,
    // The files run one after another in one worker that keeps its modules (puppeteer loads
    // once): 6 files took 48 → 39 CPU-s. Each file still has its own Firefox and sandbox.
    isolate: false,
    sequence: { concurrent: false },
    // Guards for a machine three times slower (tests/support/pace.ts).
    testTimeout: guard(60_000),
    hookTimeout: guard(90_000),
    expect: { poll: { timeout: guard(1_000) } },
    reporters: process.env.CI_SUMMARY_DIR ? ["default", "json"] : ["default"],
    outputFile: process.env.CI_SUMMARY_DIR
      ? { json: `${process.env.CI_SUMMARY_DIR}/vitest-firefox.json` }
      : undefined,
  },
});
