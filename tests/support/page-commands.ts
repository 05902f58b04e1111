/**
 * Commands sent to the background from an extension page, exactly as the popup sends them
 * (the same typed `send`), for the Chromium and Firefox suites alike.
 */
import type { CommandType, ReplyData } from "../../lib/protocol/commands";
import { type CommandOf, createSend, type SendMessage } from "../../lib/protocol/send";
import type { ProxyStatus } from "../../lib/state/status";
import type { ProviderKind } from "../../lib/state/token-facts";
import type { StoredToken } from "../../lib/state/tokens";
import { createTokensCommand } from "./sandbox-session";

/** `evaluate` runs `chrome.runtime.sendMessage(message)` in the page and returns its answer. */
export function pageCommands(evaluate: SendMessage, readLocal: (key: string) => Promise<unknown>) {
  const send = createSend(evaluate);

  async function sendOk<K extends CommandType>(command: CommandOf<K>): Promise<ReplyData<K>> {
    const reply = await send(command);
    if (!reply.ok) throw new Error(`${command.type} failed: ${JSON.stringify(reply.failure)}`);
    return reply.data;
  }

  return {
    send,
    sendOk,
    createTokens: async (
      kind: ProviderKind,
      number: number,
      networkType: "HTTP" | "SOCKS5" = "HTTP",
    ): Promise<StoredToken[]> =>
      (await sendOk(createTokensCommand(kind, number, networkType))).tokens,
    storedTokens: async () => ((await readLocal("tokens")) ?? []) as StoredToken[],
    proxyStatus: async () => (await readLocal("proxyStatus")) as ProxyStatus,
  };
}

/** The same commands as functions taking the page first, for a suite's page type. */
export function commandsFor<P>(commandsOf: (page: P) => ReturnType<typeof pageCommands>) {
  return {
    send: <K extends CommandType>(page: P, command: CommandOf<K>) => commandsOf(page).send(command),
    sendOk: <K extends CommandType>(page: P, command: CommandOf<K>) =>
      commandsOf(page).sendOk(command),
    createTokens: (
      page: P,
      kind: ProviderKind,
      number: number,
      networkType: "HTTP" | "SOCKS5" = "HTTP",
    ) => commandsOf(page).createTokens(kind, number, networkType),
    storedTokens: (page: P) => commandsOf(page).storedTokens(),
    proxyStatus: (page: P) => commandsOf(page).proxyStatus(),
  };
}
