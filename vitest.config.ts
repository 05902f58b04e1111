import preact from "@preact/preset-vite";
import { defineConfig } from "vitest/config";
import { WxtVitest } from "wxt/testing";

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx", "tests/sandbox/**/*.test.ts"],
    // Sandbox-backed tests start real servers; keep the 2-core machine responsive.
    maxWorkers: 2,
    testTimeout: 20_000,
    reporters: process.env.CI_SUMMARY_DIR ? ["default", "json"] : ["default"],
    outputFile: process.env.CI_SUMMARY_DIR
      ? { json: `${process.env.CI_SUMMARY_DIR}/vitest.json` }
      : undefined,
  },
});
