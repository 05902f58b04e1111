import vm from "node:vm";
import { expect } from "vitest";
import type { ChromeProxyConfig } from "../../../lib/proxy/config";

/**
 * A Chrome PAC config run in a bare JavaScript context, as Chrome's PAC runtime runs it: its
 * answer for a URL (the host as Chrome hands it over).
 */
export function findProxyOf(config: ChromeProxyConfig): (url: string) => string {
  if (config.mode !== "pac_script") throw new Error("not a PAC config");
  // A PAC script that fails to run must never mean direct.
  expect(config.pacScript.mandatory).toBe(true);
  const context = vm.createContext({});
  vm.runInContext(config.pacScript.data, context, { timeout: 5_000 });
  const find = (context as { FindProxyForURL: (url: string, host: string) => string })
    .FindProxyForURL;
  return (url: string) => find(url, new URL(url).hostname);
}
