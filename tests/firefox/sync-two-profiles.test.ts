/** Two Firefox profiles syncing by hand: the scenarios of tests/scenarios/sync-two-profiles.ts. */
import { syncTwoProfilesScenarios } from "../scenarios/sync-two-profiles";
import { registerScenarios } from "./scenario-driver";

registerScenarios(syncTwoProfilesScenarios);
