/**
 * What each command does, typed by the protocol map. Mutations run to the end here, in the
 * background, so a popup closed mid-request loses nothing: results land in storage. Failures
 * leave as codes with parameters; the pages word them.
 */
import type { ApiClient } from "../api";
import { isApiError } from "../api/errors";
import type { Failure } from "../base/failure";
import { recordFailure } from "../diagnostics/record";
import { decodePolicy } from "../policy/managed";
import { guardPatch } from "../policy/managed-settings";
import { failureOf } from "../protocol/api-failure";
import type { CommandType, ParsedCommand, Reply, ReplyData } from "../protocol/commands";
import type { Engine, EngineResult } from "../proxy/engine";
import { checkLook } from "../state/look-check";
import { judgeFields } from "../state/proxy-lines";
import type { Settings } from "../state/settings";
import { applySettingsPatch } from "../state/settings-patch";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import { noteAccountPlan } from "./account-plan";
import { addProxies, storeProxies } from "./add-proxies";
import {
  type DiagnosticsDoor,
  diagnosticsCommands,
  noteCommandFailure,
  noteRefusals,
} from "./diagnostics";
import type { HealthCheck } from "./health-check";
import { importBackup } from "./import-backup";
import { importForeign } from "./import-foreign";
import { cachedLookup, type Lookup } from "./lookup-commands";
import { forbiddenByPolicy } from "./managed-policy";
import { siteRouteWithChoices, tabRouteNow } from "./site-route-now";
import { patchSiteRules, saveSiteRules, setSiteRoute } from "./site-rules";
import type { Subscriptions } from "./subscriptions";
import { createTokens, deleteTokens, dismissTrash, restoreTokens } from "./token-commands";
import { editToken } from "./token-edits";
import type { Traffic } from "./traffic";
import { verifyAccess } from "./verify";

export interface CommandDeps {
  engine: Engine;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
  /** The tabs' failed requests (lib/background/traffic.ts). */
  traffic?: Pick<Traffic, "trafficOf">;
  /** "Check all" (lib/background/health-check.ts). */
  health?: Pick<HealthCheck, "start" | "cancel" | "needsProvider">;
  /** Rule lists kept by URL (lib/background/subscriptions.ts). */
  subscriptions?: Pick<Subscriptions, "subscribe" | "update">;
  /** Sync across browsers (lib/background/sync.ts). */
  sync?: { setEnabled(enabled: boolean): Promise<void> };
  /** The diagnostics log (lib/background/diagnostics.ts). */
  diagnostics?: DiagnosticsDoor;
}

/** Thrown by a handler to answer with this failure. */
class CommandFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

type Handlers = { [K in CommandType]: (command: ParsedCommand<K>) => Promise<ReplyData<K>> };

export function createCommandHandler(deps: CommandDeps) {
  const now = deps.now ?? Date.now;
  const { engine } = deps;

  /** The client for the stored settings; commands that need credentials say so plainly. */
  async function api(): Promise<ApiClient> {
    const settings = await read("settings");
    if (!settings.baseUrl || !settings.auth) throw new CommandFailure({ code: "no-credentials" });
    return deps.api(settings);
  }

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

  const engineReply = (result: EngineResult): null => {
    if (!result.ok) throw new CommandFailure(result.failure);
    return null;
  };

  const handlers: Handlers = {
    patchSettings: ({ patch }) =>
      updateState(["settings", "managedPolicy"], ({ settings, managedPolicy }) => {
        // The policy's values are never written over: refused, and named in the reply.
        const guarded = guardPatch(patch, decodePolicy(managedPolicy).policy);
        const { settings: next, rejected } = applySettingsPatch(settings, guarded.patch);
        const { managed } = guarded;
        return {
          write: { settings: next },
          result: managed.length ? { rejected, managed } : { rejected },
        };
      }),
    createTokens: async (command) => createTokens(await api(), command, now()),
    deleteTokens: async ({ tokenIds }) => deleteTokens(await api(), engine, tokenIds, now()),
    restoreTokens: async ({ tokenIds }) => restoreTokens(await api(), tokenIds, now()),
    dismissTrash: async ({ tokenIds }) => {
      await dismissTrash(tokenIds);
      return null;
    },
    dismissUnseenFailure: async () => {
      await updateState(["unseenFailure"], () => ({
        write: { unseenFailure: null },
        result: null,
      }));
      await engine.syncBadge();
      return null;
    },
    connect: async ({ tokenId }) => engineReply(await engine.connect(tokenId)),
    disconnect: async () => engineReply(await engine.disconnect()),
    off: async () => engineReply(await engine.off()),
    toggle: async () => engineReply(await engine.toggle()),
    refreshIp: async ({ tokenId }) => engineReply(await engine.refreshIp(tokenId)),
    checkExitIp: async () => engineReply(await engine.checkExitIp()),
    regions: lookup,
    plans: lookup,
    ipInfo: async ({ ip }) => {
      // The spec's IP check needs no credentials: a base URL is enough.
      const settings = await read("settings");
      if (!settings.baseUrl) throw new CommandFailure({ code: "no-base-url" });
      return deps.api(settings).getIpInfo(ip);
    },
    ipQuality: async ({ ip }) => (await api()).getIpQuality(ip),
    getProxies: async ({ query }) => (await api()).getProxies(query),
    accountQuota: () => readAccount((client) => client.getAccountQuota()),
    accountInfo: () => readAccount((client) => client.getAccountInfo()),
    verifyCredentials: async ({ baseUrl, auth }) => {
      const settings = await read("settings");
      if (!baseUrl) throw new CommandFailure({ code: "no-base-url" });
      const report = await verifyAccess(deps.api({ ...settings, baseUrl, auth }));
      // The account Verify read names the plan: noted when these are the stored credentials.
      if (report.account) await noteAccountPlan(report.account, { baseUrl, auth });
      return report;
    },
    addProxies: async ({ text }) => {
      const forbidden = await forbiddenByPolicy("add-proxies");
      if (forbidden) throw new CommandFailure(forbidden);
      return addProxies(text, now());
    },
    addProxy: async ({ proxy, look }) => {
      const forbidden = await forbiddenByPolicy("add-proxies");
      if (forbidden) throw new CommandFailure(forbidden);
      const checked = checkLook(look);
      if (!checked.ok) return { added: [], duplicate: 0, rejected: [], refusal: checked.refusal };
      return storeProxies((held) => judgeFields(proxy, held), now(), checked.value);
    },
    editToken: async (edit) => {
      // Moving a proxy to another address is adding one: the policy that forbids that rules.
      const forbidden = edit.proxy ? await forbiddenByPolicy("add-proxies") : null;
      if (forbidden) throw new CommandFailure(forbidden);
      return editToken(edit);
    },
    importForeign: async ({ text, rest }) => {
      const outcome = await importForeign(text, now(), { rest });
      if (!outcome.ok) throw new CommandFailure(outcome.failure);
      if (outcome.summary.rulesAdded > 0) await engine.rulesChanged();
      return outcome.summary;
    },
    setSiteRules: async ({ rules }) => {
      const saved = await saveSiteRules(rules);
      if (!saved.ok) throw new CommandFailure(saved.failure);
      await engine.rulesChanged();
      return null;
    },
    patchSiteRules: async ({ upsert, order, removed }) => {
      const saved = await patchSiteRules(upsert, order, removed);
      if (!saved.ok) throw new CommandFailure(saved.failure);
      await engine.rulesChanged();
      return null;
    },
    routeOf: async ({ url, container, tabId }) => {
      const [report, thisPage, byTab] = await Promise.all([
        siteRouteWithChoices(url, container, engine.planOptions),
        tabId === undefined ? null : (deps.traffic?.trafficOf(tabId) ?? null),
        tabRouteNow(tabId, engine.planOptions),
      ]);
      const routed = byTab ? { ...report, target: byTab, byTab: true } : report;
      return thisPage ? { ...routed, thisPage } : routed;
    },
    checkHealth: async ({ tokenIds }) => {
      if (!deps.health) throw new CommandFailure({ code: "internal" });
      if ((await read("tokens")).length === 0) throw new CommandFailure({ code: "no-tokens" });
      if (deps.health.needsProvider && !(await read("settings")).baseUrl) {
        throw new CommandFailure({ code: "no-base-url" });
      }
      return deps.health.start(tokenIds ?? null);
    },
    cancelHealth: async () => {
      deps.health?.cancel();
      return null;
    },
    setSiteRoute: async ({ host, route }) => {
      const saved = await setSiteRoute(host, route, () => crypto.randomUUID());
      if (!saved.ok) throw new CommandFailure(saved.failure);
      await engine.rulesChanged();
      return null;
    },
    subscribeRuleList: async ({ type: _type, ...input }) => {
      if (!deps.subscriptions) throw new CommandFailure({ code: "internal" });
      return deps.subscriptions.subscribe(input);
    },
    updateRuleList: async ({ ruleId }) => {
      if (!deps.subscriptions) throw new CommandFailure({ code: "internal" });
      return deps.subscriptions.update(ruleId);
    },
    setSync: async ({ enabled }) => {
      if (!deps.sync) throw new CommandFailure({ code: "internal" });
      await deps.sync.setEnabled(enabled);
      return null;
    },
    ...diagnosticsCommands(deps.diagnostics, now),
    importBackup: async ({ backup }) => {
      const outcome = await importBackup(backup);
      if (!outcome.ok) throw new CommandFailure(outcome.failure);
      if (outcome.summary.siteRules !== null) await engine.rulesChanged();
      return outcome.summary;
    },
  };

  return async function handle<K extends CommandType>(
    command: ParsedCommand<K>,
  ): Promise<Reply<K>> {
    try {
      const handler = handlers[command.type as K] as (c: ParsedCommand<K>) => Promise<ReplyData<K>>;
      const data = await handler(command);
      noteRefusals(command.type, data);
      return { ok: true, data };
    } catch (error) {
      const failure = error instanceof CommandFailure ? error.failure : failureOf(error);
      // The page words the code; a thrown error's own message would be lost in "internal".
      if (error instanceof CommandFailure || isApiError(error)) {
        noteCommandFailure(command.type, failure);
      } else recordFailure(`command:${command.type}`, error);
      return { ok: false, failure };
    }
  };
}
