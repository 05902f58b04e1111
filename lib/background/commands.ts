/**
 * What each command does, typed by the protocol map. Mutations run to the end here, in the
 * background, so a popup closed mid-request loses nothing: results land in storage. Failures
 * leave as codes with parameters; the pages word them. Groups of one subject live beside it:
 * what asks the provider (provider-commands.ts), the site rules (rule-command-handlers.ts) and
 * the diagnostics log (diagnostics.ts).
 */
import type { ApiClient } from "../api";
import { isApiError } from "../api/errors";
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
import { addProxies, storeProxies } from "./add-proxies";
import { CommandFailure, type Handlers, storedClient } from "./command-kit";
import {
  type DiagnosticsDoor,
  diagnosticsCommands,
  noteCommandFailure,
  noteRefusals,
} from "./diagnostics";
import type { HealthCheck } from "./health-check";
import { importBackup } from "./import-backup";
import { importForeign } from "./import-foreign";
import { forbiddenByPolicy } from "./managed-policy";
import { providerCommands } from "./provider-commands";
import { ruleCommands } from "./rule-command-handlers";
import type { Subscriptions } from "./subscriptions";
import { createTokens } from "./token-commands";
import { editToken } from "./token-edits";
import { deleteTokens, dismissTrash, restoreTokens } from "./token-lifecycle";
import type { Traffic } from "./traffic";
import { keepUnwatchedFailure } from "./unwatched-failure";

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

export function createCommandHandler(deps: CommandDeps) {
  const now = deps.now ?? Date.now;
  const { engine } = deps;
  const api = storedClient(deps.api);

  /** A purchase on the wire (this worker's: one stopped takes its fetch with it). */
  let purchasing = false;

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
    createTokens: async (command) => {
      const client = await api();
      // One purchase at a time: a Buy from a popup reopened while one is on the wire would pay
      // twice for what the user asked once.
      if (purchasing) throw new CommandFailure({ code: "purchase-on-wire" });
      purchasing = true;
      try {
        return await createTokens(client, command, now());
      } catch (error) {
        // The popup that asked may be closed by now: kept until seen (the popup dismisses it
        // when it shows the failure itself).
        const failure = error instanceof CommandFailure ? error.failure : failureOf(error);
        await keepUnwatchedFailure(engine, "create", failure, now());
        throw error;
      } finally {
        purchasing = false;
      }
    },
    deleteTokens: async ({ tokenIds }) => deleteTokens(await api(), engine, tokenIds, now()),
    restoreTokens: async ({ tokenIds }) => restoreTokens(await api(), tokenIds, now()),
    dismissTrash: async ({ tokenIds }) => {
      await dismissTrash(tokenIds);
      return null;
    },
    dismissUnseenFailure: async ({ source }) => {
      await updateState(["unseenFailure"], ({ unseenFailure }) =>
        source && unseenFailure?.source !== source
          ? { result: null }
          : { write: { unseenFailure: null }, result: null },
      );
      await engine.syncBadge();
      return null;
    },
    connect: async ({ tokenId }) => engineReply(await engine.connect(tokenId)),
    disconnect: async () => engineReply(await engine.disconnect()),
    off: async () => engineReply(await engine.off()),
    toggle: async () => engineReply(await engine.toggle()),
    refreshIp: async ({ tokenId }) => engineReply(await engine.refreshIp(tokenId)),
    checkExitIp: async () => engineReply(await engine.checkExitIp()),
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
      const outcome = await editToken(edit);
      // A changed login's cached copy goes in the reconcile (reconcile.ts): done before the
      // reply, so the next page leaves with the new login.
      await engine.reconcile();
      return outcome;
    },
    importForeign: async ({ text, rest }) => {
      const outcome = await importForeign(text, now(), { rest });
      if (!outcome.ok) throw new CommandFailure(outcome.failure);
      if (outcome.summary.rulesAdded > 0) await engine.rulesChanged();
      return outcome.summary;
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
    setSync: async ({ enabled }) => {
      if (!deps.sync) throw new CommandFailure({ code: "internal" });
      await deps.sync.setEnabled(enabled);
      return null;
    },
    ...providerCommands(deps.api, now),
    ...ruleCommands(deps),
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
