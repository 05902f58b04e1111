/** A gateway that asks again, in Chromium: the scenarios of tests/scenarios/gateway-asks-again.ts. */
import { gatewayScenarios } from "../scenarios/gateway-asks-again";
import { bodyOf, detailsOf, test } from "./scenario-driver";

for (const scenario of gatewayScenarios) test(scenario.name, detailsOf(scenario), bodyOf(scenario));
