/** A token deleted while it is connected, in Chromium: the scenarios of tests/scenarios/token-races.ts. */
import { tokenRaceScenarios } from "../scenarios/token-races";
import { bodyOf, detailsOf, test } from "./scenario-driver";

for (const scenario of tokenRaceScenarios)
  test(scenario.name, detailsOf(scenario), bodyOf(scenario));
