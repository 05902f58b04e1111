/**
 * An imported list's every line with what became of it (what it matches, a comment, or
 * rejected and why), behind a disclosure: drawn only when opened, as a list may hold 50,000 lines.
 */
import { useState } from "preact/hooks";
import { lineVerdictText } from "@/lib/options/list-lines";
import type { ListLineVerdict } from "@/lib/routing/rule-list";
import { useRulesT } from "./use-rules";

export function EveryLine({ lines }: { lines: ListLineVerdict[] }) {
  const t = useRulesT();
  const [open, setOpen] = useState(false);
  return (
    <details class="rule-lines" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("rules.import.everyLine", { count: lines.length })}</summary>
      {open && (
        <ul>
          {lines.map((line) => (
            <li key={line.number} class={`line-${line.outcome}`}>
              {lineVerdictText(line, t)} <code>{line.text}</code>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
