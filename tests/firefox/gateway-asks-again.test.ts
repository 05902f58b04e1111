/**
 * A gateway that asks again, in Firefox ESR: the scenarios of tests/scenarios/gateway-asks-again.ts,
 * in one Firefox (each scenario connects a token of its own).
 */
import { gatewayScenarios } from "../scenarios/gateway-asks-again";
import { registerScenarios } from "./scenario-driver";

registerScenarios(gatewayScenarios, { oneBrowser: true });
