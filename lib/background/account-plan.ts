/**
 * The account's plan, noted when the account record is read: from then on the API client
 * paces itself by the plan the provider states, not by the user's guess in Settings.
 */
import { dequal } from "dequal";
import { planFromAccount } from "../state/account-plan";
import { checkSetting } from "../state/setting-check";
import type { Settings } from "../state/settings";
import { updateState } from "../storage/store";

/**
 * Stores the plan `record` states, if any, for the credentials it was read with (`asked`):
 * credentials changed meanwhile belong to another account, whose plan this is not.
 */
export async function noteAccountPlan(
  record: unknown,
  asked: Pick<Settings, "baseUrl" | "auth">,
): Promise<void> {
  const plan = planFromAccount(record);
  // A record that names no plan (or one we do not know) leaves what is known as it is.
  if (plan === null) return;
  const checked = checkSetting("accountPlan", plan, "account");
  if (!checked.ok) return;
  await updateState(["settings"], ({ settings }) => {
    const same = settings.baseUrl === asked.baseUrl && dequal(settings.auth, asked.auth);
    if (!same || settings.accountPlan === checked.value) return { result: undefined };
    return { write: { settings: { ...settings, accountPlan: checked.value } }, result: undefined };
  });
}
