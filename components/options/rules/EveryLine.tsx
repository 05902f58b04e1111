/**
 * An imported list's every line with what became of it (imported, a comment, or rejected and
 * why), behind a disclosure: drawn only when opened, as a list may hold 50,000 lines.
 */
import { useState } from "preact/hooks";
import { listProblemSentence } from "@/lib/options/rules-editor";
import type { ListLineVerdict } from "@/lib/routing/rule-list";
import { useRulesT } from "./use-rules";

export function EveryLine({ lines }: { lines: ListLineVerdict[] }) {
  const t = useRulesT();
  const [open, setOpen] = useState(false);
  const verdict = (line: ListLineVerdict) => {
    if (line.outcome === "imported") return t("rules.import.lineImported", { line: line.number });
    if (line.outcome === "comment") return t("rules.import.lineComment", { line: line.number });
    return t("rules.import.rejectedLine", {
      line: line.number,
      reason: listProblemSentence(line.problem, t),
    });
  };
  return (
    <details class="rule-lines" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("rules.import.everyLine", { count: lines.length })}</summary>
      {open && (
        <ul>
          {lines.map((line) => (
            <li key={line.number} class={`line-${line.outcome}`}>
              {verdict(line)} <code>{line.text}</code>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
