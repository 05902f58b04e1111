/** Provider answers that could not become tokens, kept so support can see what was sent. */
import { items } from "@/lib/storage/items";
import { read } from "@/lib/storage/read";
import { CopyButton, useStoredValue, useT } from "./shared";

const readSupport = () => read("support");

export function SupportAnswers() {
  const t = useT();
  const entries = useStoredValue(items.support, readSupport);
  if (!entries || entries.length === 0) return null;
  return (
    <div data-testid="support-answers">
      <h3>{t("support.heading")}</h3>
      <p class="hint">{t("support.intro", { count: entries.length })}</p>
      <CopyButton text={JSON.stringify(entries, null, 2)} what={t("support.what")} />
    </div>
  );
}
