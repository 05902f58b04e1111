/**
 * What each keyboard command does (lib/keyboard/commands.ts names them): Off, the last token
 * (the toggle), the next or previous recent token, and the active tab's site through the
 * connected token or direct. The engine and the popup's setSiteRoute command come in as deps,
 * so a key does exactly what the same click does. Failures come back for the caller to show
 * (nobody watches a key press: the badge and the popup say it).
 */
import { Mutex } from "async-mutex";
import type { Failure } from "../base/failure";
import { isKeyboardCommand } from "../keyboard/commands";
import { cycleTarget } from "../keyboard/recent-cycle";
import type { EngineResult } from "../proxy/engine-result";
import type { Route } from "../routing/rules";
import { unusableReason } from "../state/usable";
import { readState } from "../storage/read";
import { writeState } from "../storage/store";
import { clickedHost } from "./page-menu";

export interface KeyboardDeps {
  engine: {
    off(): Promise<EngineResult>;
    toggle(): Promise<EngineResult>;
    connect(tokenId: number): Promise<EngineResult>;
  };
  /** The popup's setSiteRoute command: the site's own rule, then the engine applies it. */
  routeSite: (
    host: string,
    route: Route | null,
  ) => Promise<{ ok: true } | { ok: false; failure: Failure }>;
  /** The address of the active tab, when the event did not carry its tab. */
  activeTabUrl: () => Promise<string | undefined>;
  /** Firefox can carry SOCKS5 logins; Chrome cannot (such tokens are skipped there). */
  supportsSocksAuth: boolean;
  now?: () => number;
}

const failed = (failure: Failure): EngineResult => ({ ok: false, failure });

export function createKeyboardCommands(deps: KeyboardDeps) {
  const now = deps.now ?? Date.now;
  // Presses are decided one at a time, so a quick second press steps on from the first one's
  // choice; the switches themselves (and their exit checks) need not wait for each other.
  const deciding = new Mutex();

  async function stepRecent(step: 1 | -1): Promise<EngineResult> {
    const tokenId = await deciding.runExclusive(async () => {
      const { tokens, connection, keyboardCycle } = await readState([
        "tokens",
        "connection",
        "keyboardCycle",
      ]);
      const usable = (id: number) =>
        unusableReason(
          tokens.find((token) => token.id === id),
          deps.supportsSocksAuth,
          now(),
        ) === null;
      const choice = cycleTarget({
        activeTokenId: connection.activeTokenId,
        recent: connection.recentTokenIds ?? [],
        cycle: keyboardCycle,
        usable,
        step,
      });
      if (!choice) return null;
      await writeState({ keyboardCycle: choice.cycle });
      return choice.tokenId;
    });
    return tokenId === null ? failed({ code: "no-recent-token" }) : deps.engine.connect(tokenId);
  }

  async function routeSite(
    route: "connected" | "direct",
    tab: { url?: string } | undefined,
  ): Promise<EngineResult> {
    const url = tab?.url ?? (await deps.activeTabUrl());
    const host = clickedHost({ pageUrl: url ?? "" });
    if (!host) return failed({ code: "no-site" });
    if (route === "direct") return deps.routeSite(host, { kind: "direct" });
    const { connection } = await readState(["connection"]);
    if (connection.activeTokenId === null) return failed({ code: "not-connected" });
    return deps.routeSite(host, { kind: "token", tokenId: connection.activeTokenId });
  }

  /** Runs the named command; null when the name is not one of ours. */
  return async function run(name: string, tab?: { url?: string }): Promise<EngineResult | null> {
    if (!isKeyboardCommand(name)) return null;
    switch (name) {
      case "proxy-off":
        return deps.engine.off();
      case "toggle-proxy":
        return deps.engine.toggle();
      case "next-token":
        return stepRecent(1);
      case "previous-token":
        return stepRecent(-1);
      case "site-via-token":
        return routeSite("connected", tab);
      case "site-direct":
        return routeSite("direct", tab);
    }
  };
}
