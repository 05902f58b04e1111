/** A gateway that asks again, in Chromium: the scenarios of tests/scenarios/gateway-asks-again.ts. */
import { gatewayScenarios } from "../scenarios/gateway-asks-again";
import { registerScenarios } from "./scenario-driver";

registerScenarios(gatewayScenarios);
