/**
 * Chrome's config while a health check runs (pure): the config the engine decided, as a PAC
 * script, with the run's probe names routed first, each to its gateway address
 * (lib/health/probe-target.ts). Only names under `.invalid` are added: every other request
 * goes where the decided config sends it.
 *
 * A fixed_servers config becomes the PAC script that routes the same way: the bypass list
 * direct (read as fixed_servers reads it: routing/bypass-match.ts), everything else to the one
 * proxy. The differences last only while the check runs: loopback destinations then go direct
 * (Chrome never hands a PAC script a loopback address), so `<-loopback>` has no PAC form.
 */

import { parseBypassList } from "../routing/bypass-match";
import { pacScript, scriptJson } from "../routing/pac";
import { proxyResult } from "./chrome-pac";
import type { ChromeProxyConfig } from "./config";
import type { GatewayAddress } from "./platform";

const PROBE_NAME = String.raw`/^[a-z0-9]+\.g(\d{1,6})\.check\.proxy-deck\.invalid$/`;

/** The decided config (null: none, traffic direct) with the probe gateways in front. */
export function withProbeGateways(
  decided: ChromeProxyConfig | null,
  gateways: readonly GatewayAddress[],
): ChromeProxyConfig {
  const results = gateways.map((gateway) => proxyResult(gateway));
  const plan =
    decided === null
      ? pacScript([], () => "DIRECT", "DIRECT")
      : decided.mode === "pac_script"
        ? decided.pacScript.data
        : pacScript(
            [],
            () => "DIRECT",
            proxyResult(
              decided.rules.singleProxy,
              decided.rules.singleProxy.scheme === "socks5" ? "SOCKS5" : "PROXY",
            ),
            parseBypassList(decided.rules.bypassList),
          );
  const data = [
    plan,
    "// Proxy Deck health check: probe names to their gateways.",
    "FindProxyForURL = (function (plan) {",
    `  var GATEWAYS = ${scriptJson(results)};`,
    `  var NAME = ${PROBE_NAME};`,
    "  return function (url, host) {",
    "    var m = NAME.exec(String(host).toLowerCase());",
    "    var gateway = m ? GATEWAYS[Number(m[1])] : undefined;",
    "    if (gateway !== undefined) return gateway;",
    "    return plan(url, host);",
    "  };",
    "})(FindProxyForURL);",
    "",
  ].join("\n");
  return { mode: "pac_script", pacScript: { data, mandatory: true } };
}
