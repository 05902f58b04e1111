/**
 * The plan the provider's account record states (pure). The plan sets how often Proxy Deck may
 * call the API; the user's own choice in Settings is a guess, used only while the account has
 * not said. What the account said belongs to the credentials it was said for: a new address or
 * new credentials forget it until the account is read again.
 */
import { dequal } from "dequal";
import { isRecord } from "../base/is-record";
import type { Settings } from "./settings";

export type Plan = Settings["plan"];
export const PLAN_NAMES: readonly Plan[] = ["free", "basic", "professional", "enterprise"];

/** The plan of an account record (its `{code, data}` envelope or the data), or null. */
export function planFromAccount(record: unknown): Plan | null {
  const body = isRecord(record) && isRecord(record.data) ? record.data : record;
  if (!isRecord(body) || typeof body.plan !== "string") return null;
  // Providers write plan names in any case ("Basic", "BASIC"): the name is what counts.
  const name = body.plan.trim().toLowerCase();
  return PLAN_NAMES.find((plan) => plan === name) ?? null;
}

/** The plan in force: the account's when it said, else the user's choice. */
export const effectivePlan = (settings: Pick<Settings, "plan" | "accountPlan">): Plan =>
  settings.accountPlan ?? settings.plan;

/** `next` without the account's plan when its address or credentials differ from `before`'s. */
export function keepAccountPlanBound(before: Settings, next: Settings): Settings {
  const same = next.baseUrl === before.baseUrl && dequal(next.auth, before.auth);
  return same || next.accountPlan === null ? next : { ...next, accountPlan: null };
}
