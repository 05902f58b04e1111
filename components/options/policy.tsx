/**
 * The administrator's policy on the options page: what it fixes (a context every section
 * reads, to lock its controls and say why) and the section that names each ignored field.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import { type DecodedPolicy, decodePolicy } from "@/lib/policy/managed";
import type { PolicyUnread } from "@/lib/policy/managed-read";
import { formatInstant, useLocale, useT } from "./shared";

export const PolicyContext = createContext<DecodedPolicy>(decodePolicy({}));
export const usePolicy = () => useContext(PolicyContext).policy;

/** The sentence beside a locked control (its id goes in the control's aria-describedby). */
export function LockedNote({ id, text }: { id: string; text?: OptionsKey }) {
  const t = useT();
  return (
    <p id={id} class="hint policy-locked">
      {t(text ?? "policy.locked")}
    </p>
  );
}

/**
 * Shown only under a policy, or when it could not be read: what it fixes, each field it ignored
 * and why, and a read that failed (the last policy read is what is in force then).
 */
export function PolicySection({
  decoded,
  unread,
}: {
  decoded: DecodedPolicy;
  unread: PolicyUnread | null;
}) {
  const t = useT();
  const locale = useLocale();
  const fields = Object.keys(decoded.policy);
  if (fields.length === 0 && decoded.problems.length === 0 && !unread) return null;
  const names = fields.map((field) => t(`policy.field.${field}` as OptionsKey)).join(", ");
  return (
    <section id="policy" aria-labelledby="policy-heading">
      <h2 id="policy-heading">{t("policy.heading")}</h2>
      <p>{t("policy.intro")}</p>
      {unread && (
        <p class="notice notice-warn" id="policy-unreadable" role="status">
          {t("policy.unread", { time: formatInstant(unread.at, locale), error: unread.error })}
        </p>
      )}
      {fields.length > 0 && <p id="policy-fields">{t("policy.fields", { fields: names })}</p>}
      {decoded.problems.length > 0 && (
        <div class="notice notice-warn" id="policy-problems">
          <p>{t("policy.problems")}</p>
          <ul>
            {decoded.problems.map((problem) => (
              <li key={problem.field} data-field={problem.field}>
                {t("policy.problem", {
                  field: problem.field,
                  why: t(`policy.why.${problem.why}` as OptionsKey, { detail: problem.detail }),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
