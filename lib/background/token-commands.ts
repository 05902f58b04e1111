/**
 * Create: runs to the end in the background and is stored before the reply, so a popup closed
 * mid-request loses nothing (delete and restore: token-lifecycle.ts).
 */
import { type ApiClient, type CreateTimeBilledParams, isApiError } from "../api";
import type { CreateOutcome } from "../protocol/commands";
import { acceptToken } from "../state/accept-token";
import type { ProviderKind } from "../state/token-facts";
import { fromDynamicToken, fromStaticToken, type StoredToken } from "../state/tokens";
import type { SupportEntry } from "../storage/items";
import { updateState } from "../storage/store";
import { CommandFailure } from "./command-kit";

export interface CreateRequest {
  kind: ProviderKind;
  params: CreateTimeBilledParams & { network_type: "HTTP" | "SOCKS5" };
  countryCode: string;
}

/**
 * A purchase with no answer, or none that could be read: it may have bought tokens (a POST is
 * never sent again), so the user is told to look before buying again, not to "try again".
 */
function unanswered(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === "http") return (error.status ?? 0) >= 500;
  return ["network", "timeout", "schema", "too-large"].includes(error.kind);
}

/** Support entries kept: the newest answers are the ones a support case asks about. */
const MAX_SUPPORT = 20;

/** The provider's answer: its tokens as stored, and the entries the client could not read. */
async function askProvider(api: ApiClient, request: CreateRequest, now: number) {
  const { params } = request;
  const context = { networkType: params.network_type, countryCode: request.countryCode, now };
  // Traffic kinds take no payment plan; the client refuses one locally.
  const { payway_id: _plan, ...trafficParams } = params;
  switch (request.kind) {
    case "static-ip": {
      const { tokens, unreadable } = await api.createStaticIp(params);
      return {
        requested: params.number,
        tokens: tokens.map((t) => fromStaticToken(t, "static-ip", context)),
        unreadable,
      };
    }
    case "static-traffic": {
      const { tokens, unreadable } = await api.createStaticTraffic(trafficParams);
      return {
        requested: params.number,
        tokens: tokens.map((t) => fromStaticToken(t, "static-traffic", context)),
        unreadable,
      };
    }
    case "dynamic-ip": {
      const answer = await api.createDynamicIp(params);
      return {
        requested: answer.total_count,
        tokens: answer.tokens.map((t) => fromDynamicToken(t, "dynamic-ip", context)),
        unreadable: answer.unreadable,
      };
    }
    case "dynamic-traffic": {
      const answer = await api.createDynamicTraffic(trafficParams);
      return {
        requested: answer.total_count,
        tokens: answer.tokens.map((t) => fromDynamicToken(t, "dynamic-traffic", context)),
        unreadable: answer.unreadable,
      };
    }
  }
}

export async function createTokens(
  api: ApiClient,
  request: CreateRequest,
  now: number,
): Promise<CreateOutcome> {
  const {
    requested,
    tokens: answered,
    unreadable,
  } = await askProvider(api, request, now).catch((error: unknown) => {
    throw unanswered(error) ? new CommandFailure({ code: "purchase-unanswered" }) : error;
  });
  const accepted: StoredToken[] = [];
  // An entry the client could not read is kept as sent, with what was wrong (support reads it).
  const unusable: SupportEntry[] = unreadable.map(({ raw, issue }) => ({
    at: now,
    what: `${request.kind} token unreadable: ${issue}`.slice(0, 200),
    answer: JSON.stringify(raw).slice(0, 20_000),
  }));
  for (const candidate of answered) {
    const verdict = acceptToken(candidate);
    if (verdict.ok) accepted.push(verdict.token);
    else {
      const answer = JSON.stringify(candidate).slice(0, 20_000);
      unusable.push({ at: now, what: `${request.kind} token ${verdict.reason}`, answer });
    }
  }
  const ids = new Set(accepted.map((t) => t.id));
  // The tokens and what could not be used land together: a paid token never just vanishes.
  await updateState(["tokens", "support"], ({ tokens, support }) => ({
    write: {
      tokens: [...accepted, ...tokens.filter((t) => !ids.has(t.id))],
      ...(unusable.length > 0 ? { support: [...unusable, ...support].slice(0, MAX_SUPPORT) } : {}),
    },
    result: undefined,
  }));
  return { tokens: accepted, requested, created: accepted.length, unusable: unusable.length };
}
