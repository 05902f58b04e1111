/** What Verify found, group by group: which parts of the provider's API took the credentials. */
import type { OptionsKey } from "@/lib/i18n/options-strings";
import type { VerifyReport } from "@/lib/protocol/commands";
import { useExplain, useT } from "./shared";

export function VerifyReportList({ report }: { report: VerifyReport }) {
  const t = useT();
  const explain = useExplain();
  return (
    <ul class="verify-groups" data-testid="verify-groups">
      {report.groups.map(({ group, failure }) => (
        <li key={group} class={failure ? "verify-refused" : "verify-works"}>
          <strong>{t(`cred.group.${group}` as OptionsKey)}:</strong>{" "}
          {failure ? explain(failure) : t("cred.groupWorks")}
        </li>
      ))}
    </ul>
  );
}
