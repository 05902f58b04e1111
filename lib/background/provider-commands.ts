/**
 * The commands that ask the provider and change nothing here: regions and plans (cached), an
 * address's country and quality, the proxy list, the account, and a Verify of credentials not
 * yet stored. An account read notes the plan it names for the credentials it was read with.
 */
import type { ApiClient } from "../api";
import type { Settings } from "../state/settings";
import { read } from "../storage/read";
import { noteAccountPlan } from "./account-plan";
import { CommandFailure, type Handlers, storedClient } from "./command-kit";
import { cachedLookup, type Lookup } from "./lookup-commands";
import { verifyAccess } from "./verify";

type ProviderCommands =
  | "regions"
  | "plans"
  | "ipInfo"
  | "ipQuality"
  | "getProxies"
  | "accountQuota"
  | "accountInfo"
  | "verifyCredentials";

export function providerCommands(
  apiFor: (settings: Settings) => ApiClient,
  now: () => number,
): Pick<Handlers, ProviderCommands> {
  const api = storedClient(apiFor);

  /** An account record, its plan noted for the credentials it was read with. */
  async function readAccount<T>(get: (client: ApiClient) => Promise<T>): Promise<T> {
    const settings = await read("settings");
    const record = await get(await api());
    await noteAccountPlan(record, settings);
    return record;
  }

  /** Regions and plans: the same cached lookup, answered in the command's own reply type. */
  const lookup = async <L extends Lookup>(command: L) =>
    cachedLookup(await api(), (await read("settings")).baseUrl, command, now());

  return {
    regions: lookup,
    plans: lookup,
    ipInfo: async ({ ip }) => {
      // The spec's IP check needs no credentials: a base URL is enough.
      const settings = await read("settings");
      if (!settings.baseUrl) throw new CommandFailure({ code: "no-base-url" });
      return apiFor(settings).getIpInfo(ip);
    },
    ipQuality: async ({ ip }) => (await api()).getIpQuality(ip),
    getProxies: async ({ query }) => (await api()).getProxies(query),
    accountQuota: () => readAccount((client) => client.getAccountQuota()),
    accountInfo: () => readAccount((client) => client.getAccountInfo()),
    verifyCredentials: async ({ baseUrl, auth }) => {
      const settings = await read("settings");
      if (!baseUrl) throw new CommandFailure({ code: "no-base-url" });
      const report = await verifyAccess(apiFor({ ...settings, baseUrl, auth }));
      // The account Verify read names the plan: noted when these are the stored credentials.
      if (report.account) await noteAccountPlan(report.account, { baseUrl, auth });
      return report;
    },
  };
}
