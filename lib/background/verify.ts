/**
 * Verify: which groups of the provider's API take the given credentials. The spec lets a
 * provider take Basic in general but Bearer only for token operations, regions, plans and IP
 * quality, so one accepted call proves nothing about the others: each group is asked once,
 * with no effect (reads, and a batch delete of no tokens).
 */
import type { ApiClient } from "../api";
import { ApiError } from "../api/errors";
import type { JsonObject } from "../api/schemas";
import { failureOf } from "../protocol/api-failure";
import type { AccessGroup, VerifyReport } from "../protocol/commands";

/** A documentation address (TEST-NET-1): asking its quality touches no one's. */
const PROBE_IP = "192.0.2.1";

/** The empty batch is refused as a request after the credentials were taken. */
const refusedAfterAuth = (error: unknown) =>
  error instanceof ApiError &&
  error.kind === "http" &&
  (error.status === 400 || error.status === 404 || error.status === 422);

export async function verifyAccess(api: ApiClient): Promise<VerifyReport> {
  let account: JsonObject | null = null;
  const check = async (
    group: AccessGroup,
    run: () => Promise<unknown>,
    accepted: (error: unknown) => boolean = () => false,
  ) => {
    try {
      await run();
      return { group, failure: null };
    } catch (error) {
      return { group, failure: accepted(error) ? null : failureOf(error) };
    }
  };
  const groups = await Promise.all([
    check("tokens", () => api.probeTokenAccess(), refusedAfterAuth),
    check("lookups", () => api.listPaymentPlans({})),
    check("quality", () => api.getIpQuality(PROBE_IP)),
    check("account", async () => {
      account = await api.getAccountInfo();
    }),
  ]);
  return { groups, account };
}
