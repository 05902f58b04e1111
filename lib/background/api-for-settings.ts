/**
 * One API client per settings, reused across commands so its rate limiter sees every request.
 * It starts from the refresh method learned for the provider (the spec leaves GET or POST
 * open) and keeps what it learns.
 */
import { type ApiClient, createApiClient, PLAN_REQUESTS_PER_MINUTE } from "../api";
import type { RefreshMethod } from "../api/refresh";
import { effectivePlan } from "../state/account-plan";
import type { Settings } from "../state/settings";
import { read } from "../storage/read";
import { updateState } from "../storage/store";

let cached: { key: string; client: ApiClient } | undefined;
/** What storage held at wake, and what was learned since (by provider origin). */
let learned: Record<string, RefreshMethod> = {};

/** Loads the learned refresh methods: at wake, before the first refresh if it can. */
export async function loadRefreshMethods(): Promise<void> {
  learned = { ...(await read("refreshMethods")), ...learned };
}

const originOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).origin;
  } catch {
    // Not a URL: its own text is the key (the client refuses it with a sentence when used).
    return baseUrl;
  }
};

export function apiForSettings(settings: Settings): ApiClient {
  const plan = effectivePlan(settings);
  const key = JSON.stringify([settings.baseUrl, settings.auth, plan]);
  if (cached?.key !== key) {
    const origin = originOf(settings.baseUrl);
    const client = createApiClient({
      baseUrl: settings.baseUrl,
      // Without credentials only the unauthenticated IP check can succeed; the others get the
      // provider's 401, which tells the user to add credentials in Options.
      auth: settings.auth ?? { kind: "bearer", accessToken: "" },
      requestsPerMinute: PLAN_REQUESTS_PER_MINUTE[plan],
      refresh: {
        refreshMethod: learned[origin],
        onRefreshMethod: (method) => {
          learned = { ...learned, [origin]: method };
          void updateState(["refreshMethods"], ({ refreshMethods }) => ({
            write: { refreshMethods: { ...refreshMethods, [origin]: method } },
            result: undefined,
          }));
        },
      },
    });
    cached = { key, client };
  }
  return cached.client;
}
