import preact from "@preact/preset-vite";
import { defineConfig } from "vitest/config";
import { WxtVitest } from "wxt/testing";

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    // Sandbox-backed tests start real servers; keep the 2-core machine responsive.
    maxWorkers: 2,
    testTimeout: 20_000,
    // expect.poll's own limit (1 s) is not one a loaded machine meets (as vi.waitFor's was not:
    // tests/unit/wait.ts); a poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: process.env.CI_SUMMARY_DIR ? ["default", "json"] : ["default"],
    outputFile: process.env.CI_SUMMARY_DIR
      ? { json: `${process.env.CI_SUMMARY_DIR}/vitest.json` }
      : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: "logic",
          include: ["tests/unit/**/*.test.ts", "tests/sandbox/**/*.test.ts"],
          // One module registry per worker: libraries load once (~25 s less importing); the
          // setup file gives each file fresh project modules and an empty fake browser.
          isolate: false,
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Components render through @testing-library/preact, which must share the page's
          // Preact instance: no setup file resets modules here. One registry per worker too
          // (25 → 9 CPU-s): each test mounts into a fresh document, and the order does not
          // matter (passed shuffled, four seeds).
          name: "components",
          include: ["tests/unit/**/*.test.tsx"],
          isolate: false,
          setupFiles: ["tests/unit/catalogs-setup.ts"],
        },
      },
    ],
  },
});
