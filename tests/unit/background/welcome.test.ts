import { describe, expect, it } from "vitest";
import { welcomeNewcomers } from "../../../lib/background/welcome";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";
import { waitFor } from "../wait";

function installed(reason: string, settings = DEFAULT_SETTINGS, tokens: StoredToken[] = []) {
  const opened: string[] = [];
  let listener: ((details: { reason: string }) => void) | undefined;
  welcomeNewcomers({
    onInstalled: { addListener: (l) => (listener = l) },
    readSettings: async () => settings,
    readTokens: async () => tokens,
    openTab: async (url) => opened.push(url),
    welcomeUrl: "ext://id/options.html#welcome",
  });
  listener?.({ reason });
  return opened;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the welcome on install", () => {
  it("opens for a newcomer", async () => {
    const opened = installed("install");
    await waitFor(() => expect(opened).toEqual(["ext://id/options.html#welcome"]));
  });

  it("stays shut on an update, and for a profile that already has credentials or tokens", async () => {
    const withAuth = { ...DEFAULT_SETTINGS, auth: { kind: "bearer" as const, accessToken: "k" } };
    const runs = [
      installed("update"),
      installed("install", withAuth),
      installed("install", DEFAULT_SETTINGS, [makeToken({ id: 1 })]),
    ];
    await settle();
    expect(runs).toEqual([[], [], []]);
  });
});
