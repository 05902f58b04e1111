/** Sync in Firefox ESR against its real storage.sync: the scenarios of tests/scenarios/sync.ts. */
import { syncScenarios } from "../scenarios/sync";
import { registerScenarios } from "./scenario-driver";

registerScenarios(syncScenarios);
