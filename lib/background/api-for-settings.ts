/**
 * One API client per settings, reused across commands so its rate limiter sees every request.
 */
import { type ApiClient, createApiClient, PLAN_REQUESTS_PER_MINUTE } from "../api";
import type { Settings } from "../state/settings";

let cached: { key: string; client: ApiClient } | undefined;

export function apiForSettings(settings: Settings): ApiClient {
  const key = JSON.stringify([settings.baseUrl, settings.auth, settings.plan]);
  if (cached?.key !== key) {
    const client = createApiClient({
      baseUrl: settings.baseUrl,
      // Without credentials only the unauthenticated IP check can succeed; the others get the
      // provider's 401, which tells the user to add credentials in Options.
      auth: settings.auth ?? { kind: "bearer", accessToken: "" },
      requestsPerMinute: PLAN_REQUESTS_PER_MINUTE[settings.plan],
    });
    cached = { key, client };
  }
  return cached.client;
}
