/** A token deleted while it is connected, in Firefox ESR: the scenarios of tests/scenarios/token-races.ts. */
import { tokenRaceScenarios } from "../scenarios/token-races";
import { registerScenarios } from "./scenario-driver";

registerScenarios(tokenRaceScenarios, { oneBrowser: true });
