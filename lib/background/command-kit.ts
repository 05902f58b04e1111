/**
 * What every group of command handlers shares: the handler table's type, the failure a handler
 * throws to answer with a code, and the provider's client for the stored credentials.
 */
import type { ApiClient } from "../api";
import type { Failure } from "../base/failure";
import type { CommandType, ParsedCommand, ReplyData } from "../protocol/commands";
import type { Settings } from "../state/settings";
import { read } from "../storage/read";

/** Thrown by a handler to answer with this failure. */
export class CommandFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

export type Handlers = {
  [K in CommandType]: (command: ParsedCommand<K>) => Promise<ReplyData<K>>;
};

/** The client for the stored settings; commands that need credentials say so plainly. */
export function storedClient(api: (settings: Settings) => ApiClient) {
  return async (): Promise<ApiClient> => {
    const settings = await read("settings");
    if (!settings.baseUrl || !settings.auth) throw new CommandFailure({ code: "no-credentials" });
    return api(settings);
  };
}
