/** Two Chromium profiles syncing by hand: the scenarios of tests/scenarios/sync-two-profiles.ts. */
import { syncTwoProfilesScenarios } from "../scenarios/sync-two-profiles";
import { bodyOf, detailsOf, test } from "./scenario-driver";

for (const scenario of syncTwoProfilesScenarios)
  test(scenario.name, detailsOf(scenario), bodyOf(scenario));
