/**
 * Background handlers for the command protocol. Mutations run to the end here, in the
 * background, so a popup closed mid-request loses nothing: results land in storage.
 */
import { type ApiClient, isApiError } from "../api";
import type { ParsedCommand, Reply } from "../protocol/messages";
import type { Engine } from "../proxy/engine";
import { readSettings, type Settings, saveSettings } from "../state/storage";
import { importBackup } from "./import-backup";
import { cachedLookup } from "./lookup-commands";
import { createTokens, deleteTokens, dismissTrash, restoreTokens } from "./token-commands";

export interface CommandDeps {
  engine: Engine;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
}

const NO_CREDENTIALS = "Add the provider's base URL and your API credentials in Options first.";

export function createCommandHandler(deps: CommandDeps) {
  const now = deps.now ?? Date.now;

  /** The client for the stored settings; commands that need credentials say so plainly. */
  async function api(): Promise<{ api: ApiClient; settings: Settings }> {
    const settings = await readSettings();
    if (!settings.baseUrl || !settings.auth) throw new MissingCredentials();
    return { api: deps.api(settings), settings };
  }

  async function run(command: ParsedCommand): Promise<Reply> {
    const { engine } = deps;
    switch (command.type) {
      case "saveSettings":
        await saveSettings(command.settings);
        return ok(null);
      case "createTokens":
        return ok(await createTokens((await api()).api, command, now()));
      case "deleteTokens":
        return ok(await deleteTokens((await api()).api, engine, command.tokenIds, now()));
      case "restoreTokens":
        return ok(await restoreTokens((await api()).api, command.tokenIds, now()));
      case "dismissTrash":
        await dismissTrash(command.tokenIds);
        return ok(null);
      case "connect":
        return engineReply(await engine.connect(command.tokenId));
      case "disconnect":
        return engineReply(await engine.disconnect());
      case "toggle":
        return engineReply(await engine.toggle());
      case "refreshIp":
        return engineReply(await engine.refreshIp(command.tokenId));
      case "checkExitIp":
        return engineReply(await engine.checkExitIp());
      case "lookup": {
        const { api: client, settings } = await api();
        return ok(await cachedLookup(client, settings.baseUrl, command.lookup, now()));
      }
      case "ipInfo": {
        // The spec's IP check needs no credentials: a base URL is enough.
        const settings = await readSettings();
        if (!settings.baseUrl) throw new MissingCredentials();
        return ok(await deps.api(settings).getIpInfo(command.ip));
      }
      case "ipQuality":
        return ok(await (await api()).api.getIpQuality(command.ip));
      case "getProxies":
        return ok(await (await api()).api.getProxies(command.query));
      case "accountQuota":
        return ok(await (await api()).api.getAccountQuota());
      case "accountInfo":
        return ok(await (await api()).api.getAccountInfo());
      case "verifyCredentials": {
        const { settings } = command;
        if (!settings.baseUrl || !settings.auth) throw new MissingCredentials();
        return ok(await deps.api(settings).getAccountInfo());
      }
      case "importBackup":
        return importBackup(command.backup);
    }
  }

  return async function handle(command: ParsedCommand): Promise<Reply> {
    try {
      return await run(command);
    } catch (error) {
      if (error instanceof MissingCredentials) return { ok: false, error: NO_CREDENTIALS };
      if (isApiError(error)) return { ok: false, error: error.userMessage, code: error.kind };
      return { ok: false, error: "Something went wrong in Proxy Deck. Try again." };
    }
  };
}

class MissingCredentials extends Error {}

const ok = <T>(data: T): Reply<T> => ({ ok: true, data });

function engineReply(result: Awaited<ReturnType<Engine["connect"]>>): Reply {
  return result.ok
    ? { ok: true, data: null }
    : { ok: false, error: result.message, code: result.code };
}
