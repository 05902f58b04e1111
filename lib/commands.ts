/**
 * Background handlers for the command protocol. Mutations run to the end here, in the
 * background, so a popup closed mid-request loses nothing: results land in storage.
 */
import { type ApiClient, isApiError } from "./api";
import type { ParsedCommand, Reply } from "./messages";
import type { Engine } from "./proxy/engine";
import { readSettings, type Settings, saveSettings, updateTokens } from "./storage";
import { fromDynamicToken, fromStaticToken, type StoredToken } from "./tokens";

export interface CommandDeps {
  engine: Engine;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
}

const NO_CREDENTIALS = "Add the provider's base URL and your API credentials in Options first.";

export function createCommandHandler(deps: CommandDeps) {
  const now = deps.now ?? Date.now;

  async function createTokens(
    command: Extract<ParsedCommand, { type: "createTokens" }>,
  ): Promise<Reply> {
    const settings = await readSettings();
    if (!settings.baseUrl || !settings.auth) return { ok: false, error: NO_CREDENTIALS };
    const api = deps.api(settings);
    const { params } = command;
    const context = {
      networkType: params.network_type,
      countryCode: command.countryCode,
      now: now(),
    };
    // Traffic kinds take no payment plan; the client refuses one locally.
    const { payway_id: _plan, ...trafficParams } = params;
    let created: StoredToken[];
    let requested = params.number;
    switch (command.kind) {
      case "static-ip":
        created = (await api.createStaticIp(params)).map((t) =>
          fromStaticToken(t, "static-ip", context),
        );
        break;
      case "static-traffic":
        created = (await api.createStaticTraffic(trafficParams)).map((t) =>
          fromStaticToken(t, "static-traffic", context),
        );
        break;
      case "dynamic-ip": {
        const answer = await api.createDynamicIp(params);
        requested = answer.total_count;
        created = answer.tokens.map((t) => fromDynamicToken(t, "dynamic-ip", context));
        break;
      }
      case "dynamic-traffic": {
        const answer = await api.createDynamicTraffic(trafficParams);
        requested = answer.total_count;
        created = answer.tokens.map((t) => fromDynamicToken(t, "dynamic-traffic", context));
        break;
      }
    }
    // Stored before replying: the popup may already be gone.
    await updateTokens((tokens) => ({
      tokens: [...created, ...tokens.filter((t) => !created.some((c) => c.id === t.id))],
      result: undefined,
    }));
    return { ok: true, data: { tokens: created, requested, created: created.length } };
  }

  async function run(command: ParsedCommand): Promise<Reply> {
    const { engine } = deps;
    switch (command.type) {
      case "saveSettings":
        await saveSettings(command.settings);
        return { ok: true, data: null };
      case "createTokens":
        return createTokens(command);
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
    }
  }

  return async function handle(command: ParsedCommand): Promise<Reply> {
    try {
      return await run(command);
    } catch (error) {
      if (isApiError(error)) return { ok: false, error: error.userMessage, code: error.kind };
      return { ok: false, error: "Something went wrong in Proxy Deck. Try again." };
    }
  };
}

function engineReply(result: Awaited<ReturnType<Engine["connect"]>>): Reply {
  return result.ok
    ? { ok: true, data: null }
    : { ok: false, error: result.message, code: result.code };
}
