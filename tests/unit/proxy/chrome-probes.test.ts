/**
 * Chrome's config during a health check (lib/proxy/chrome-probes.ts), run in a bare JavaScript
 * context as Chrome's PAC runtime runs it: probe names go to their gateways; every other
 * request goes where the decided config sends it.
 */
import { describe, expect, it } from "vitest";
import { chromeProbeHost } from "../../../lib/health/probe-target";
import { chromePacConfig } from "../../../lib/proxy/chrome-pac";
import { withProbeGateways } from "../../../lib/proxy/chrome-probes";
import { chromeProxyConfig } from "../../../lib/proxy/config";
import { planRouting } from "../../../lib/routing/plan";
import { makeToken } from "../stored-token";
import { findProxyOf } from "./run-pac";

const gateways = [
  { host: "gw.example.net.", port: 8000 },
  { host: "2001:db8::7", port: 3128 },
];

describe("withProbeGateways", () => {
  it("sends probe names to their gateway and the rest through the connected token", () => {
    const token = makeToken({ id: 1, host: "gw.example.net", port: 8000 });
    const find = findProxyOf(
      withProbeGateways(chromeProxyConfig(token, ["intranet.example"]), gateways),
    );
    expect(find(`http://${chromeProbeHost("abc", 0)}/`)).toBe("PROXY gw.example.net.:8000");
    expect(find(`http://${chromeProbeHost("abc", 1)}/`)).toBe("PROXY [2001:db8::7]:3128");
    expect(find("https://site.example/")).toBe("PROXY gw.example.net:8000");
    expect(find("http://intranet.example/")).toBe("DIRECT");
    // `<local>` kept: a plain host name went direct before the check, and still does.
    const local = findProxyOf(withProbeGateways(chromeProxyConfig(token, ["<local>"]), gateways));
    expect(local("http://printer/")).toBe("DIRECT");
    expect(local("http://printer.example/")).toBe("PROXY gw.example.net:8000");
    // A name that is no gateway of the run goes where everything else goes.
    expect(find(`http://${chromeProbeHost("abc", 9)}/`)).toBe("PROXY gw.example.net:8000");
  });

  it("keeps a site-rule script's routes, and direct when nothing was decided", () => {
    const t1 = makeToken({ id: 1, host: "127.0.0.1", port: 8000 });
    const plan = planRouting({
      rules: [
        {
          id: "a",
          enabled: true,
          source: { type: "pattern", text: "blocked.example" },
          route: { kind: "block" },
        },
      ],
      tokens: [t1],
      defaultTokenId: 1,
      unusable: () => null,
      oneLoginPerEndpoint: true,
    });
    const find = findProxyOf(withProbeGateways(chromePacConfig(plan, [], "api.example"), gateways));
    expect(find("http://blocked.example/")).toBe("PROXY 127.0.0.1:9");
    expect(find("https://other.example/")).toBe("PROXY 127.0.0.1:8000");
    expect(find(`http://${chromeProbeHost("x1", 0)}/`)).toBe("PROXY gw.example.net.:8000");
    const direct = findProxyOf(withProbeGateways(null, gateways));
    expect(direct("https://other.example/")).toBe("DIRECT");
    expect(direct(`http://${chromeProbeHost("x1", 1)}/`)).toBe("PROXY [2001:db8::7]:3128");
  });
});
