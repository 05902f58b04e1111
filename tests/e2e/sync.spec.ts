/** Sync in Chromium against its real storage.sync: the scenarios of tests/scenarios/sync.ts. */
import { syncScenarios } from "../scenarios/sync";
import { bodyOf, detailsOf, test } from "./scenario-driver";

for (const scenario of syncScenarios) test(scenario.name, detailsOf(scenario), bodyOf(scenario));
