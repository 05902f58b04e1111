// Totals the vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed".
// A suite whose report is missing although the run failed (typecheck, lint or build stopped it)
// counts as one failure, so a red run never prints "0 failed".
// Above that line it names each failed test with its error's first lines: CI keeps only the
// tail of a run's output, and a failure nobody can name cannot be mended.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const [dir = ".ci/out", statusText = "0"] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];

/** The first lines of an error, without colour codes: enough to tell what failed where. */
const firstLines = (text = "") =>
  stripVTControlCharacters(text)
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, 6)
    .join("\n    ");

for (const name of ["vitest.json", "vitest-firefox.json"]) {
  const vitestFile = path.join(dir, name);
  if (!existsSync(vitestFile)) continue;
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const where = path.relative(process.cwd(), file.name ?? "");
      failures.push(
        `${name}: ${where} > ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`,
      );
    }
    // A file that failed outside its tests (a beforeAll, an import): its tests did not pass,
    // and vitest counts them as skipped, not failed. They count as failed here.
    const results = file.assertionResults ?? [];
    if (file.status === "failed" && !results.some((test) => test.status === "failed")) {
      failures.push(
        `${name}: ${path.relative(process.cwd(), file.name ?? "")}\n    ${firstLines(file.message)}`,
      );
      failed += Math.max(1, results.filter((test) => test.status !== "passed").length);
    }
  }
}

/** Every Playwright test in a suite tree, with its titles from the file down. */
function* playwrightTests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { titles: [...here, spec.title], test };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

const playwrightFile = path.join(dir, "playwright.json");
if (existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, "utf8"));
  const stats = report.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  for (const suite of report.suites ?? []) {
    for (const { titles, test } of playwrightTests(suite)) {
      if (test.status !== "unexpected") continue;
      const last = test.results?.at(-1);
      failures.push(
        `playwright: ${titles.join(" > ")}\n    ${firstLines(last?.error?.message ?? last?.status)}`,
      );
    }
  }
}

if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
if (Number(statusText) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
