/**
 * A rule of the administrator's policy: shown where it stands (first), with its route and
 * why it cannot be changed; no controls, since the background keeps it as the policy says.
 */
import { sourceText } from "@/lib/options/rules-editor";
import type { SiteRule } from "@/lib/routing/rules";
import { LockedNote } from "../policy";
import { useRulesT } from "./use-rules";

export function ManagedRuleRow({ rule, position }: { rule: SiteRule; position: number }) {
  const t = useRulesT();
  const summary = sourceText(rule.source, t);
  const route = rule.route.kind === "block" ? t("rules.block") : t("rules.direct");
  const noteId = `rule-${rule.id}-locked`;
  return (
    <li
      class="rule-row rule-managed"
      data-rule-id={rule.id}
      aria-label={`${t("rules.position", { position })}: ${summary}`}
      aria-describedby={noteId}
    >
      <span class="rule-position" aria-hidden="true">
        {position}
      </span>
      <div class="rule-source">
        <code>{summary}</code>
      </div>
      <span class="rule-route">{route}</span>
      <LockedNote id={noteId} text="policy.ruleLocked" />
    </li>
  );
}
