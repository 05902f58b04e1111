// Totals the vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed".
// A suite whose report is missing although the run failed (typecheck, lint or build stopped it)
// counts as one failure, so a red run never prints "0 failed".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir = ".ci/out", statusText = "0"] = process.argv.slice(2);
let passed = 0;
let failed = 0;

for (const name of ["vitest.json", "vitest-firefox.json"]) {
  const vitestFile = path.join(dir, name);
  if (!existsSync(vitestFile)) continue;
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}

const playwrightFile = path.join(dir, "playwright.json");
if (existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

if (Number(statusText) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
