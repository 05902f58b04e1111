/** What both browser suites (Chromium and Firefox) say to the sandbox and the extension. */
import type { CommandOf } from "../../lib/protocol/send";
import type { Settings } from "../../lib/state/settings";
import type { ProviderKind } from "../../lib/state/token-facts";
import type { GatewayEvent } from "../sandbox/gateway-log";
import type { Sandbox } from "../sandbox/index";

/** The value, or a test failure saying what was missing. */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`);
  return value;
}

export function sandboxSettings(sb: Sandbox, overrides: Partial<Settings> = {}): Settings {
  return {
    baseUrl: sb.baseUrl,
    auth: { kind: "bearer", accessToken: sb.accessToken },
    // The sandbox and test pages live on loopback, which Chromium bypasses unless told not to.
    bypassList: ["<-loopback>"],
    autoRefreshMinutes: 0,
    plan: "enterprise",
    accountPlan: null,
    webrtcProtection: false,
    webrtcOfferDismissed: false,
    language: "auto",
    fallbackDirect: false,
    // The sandbox counts traffic in bytes.
    trafficUnit: "bytes",
    warnDays: 2,
    badgeFailures: false,
    ...overrides,
  };
}

export function createTokensCommand(
  kind: ProviderKind,
  number: number,
  networkType: "HTTP" | "SOCKS5" = "HTTP",
): CommandOf<"createTokens"> {
  return {
    type: "createTokens",
    kind,
    params: { number, network_type: networkType, country_id: 1 },
    countryCode: "US",
  };
}

/** A token bought at the provider directly (another computer, its console): unknown here. */
export async function buyElsewhere(sb: Sandbox): Promise<{
  id: number;
  host: string;
  port: number;
  username: string;
  password: string;
  ip: string;
}> {
  const bought = await fetch(`${sb.baseUrl}/token/static/traffic`, {
    method: "POST",
    headers: { authorization: `Bearer ${sb.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ number: 1, network_type: "HTTP", country_id: 1 }),
  });
  return (await bought.json()).data[0];
}

export async function control(sb: Sandbox, path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** How many injected faults are still queued (0: a request has taken the last one). */
export async function pendingFaults(sb: Sandbox): Promise<number> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/faults`);
  const body = (await res.json()) as { data?: { pending: unknown[] }; pending?: unknown[] };
  return (body.data?.pending ?? body.pending ?? []).length;
}

/** How many answers a `hold` fault keeps waiting now (1: the request it held has arrived). */
export async function heldAnswers(sb: Sandbox): Promise<number> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/faults`);
  const body = (await res.json()) as { data?: { held: number }; held?: number };
  return body.data?.held ?? body.held ?? 0;
}

/** A token's state at the provider (active, expired, deleted, purged), as the sandbox keeps it. */
export async function providerStatusOf(sb: Sandbox, tokenId: number): Promise<string | undefined> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/state`);
  type Dump = { tokens: { id: number; status: string }[] };
  const body = (await res.json()) as { data?: Dump } & Partial<Dump>;
  return (body.data?.tokens ?? body.tokens ?? []).find((t) => t.id === tokenId)?.status;
}

export type { GatewayEvent };

export async function gatewayLog(sb: Sandbox): Promise<GatewayEvent[]> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/gateway-log`);
  const body = (await res.json()) as { data?: { events: GatewayEvent[] }; events?: GatewayEvent[] };
  return body.data?.events ?? body.events ?? [];
}
