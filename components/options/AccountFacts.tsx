/** An account record as labelled facts in the page's language (lib/options/account-facts.ts). */
import { useContext } from "preact/hooks";
import { accountTranslate } from "@/lib/i18n/account-strings";
import { accountFacts } from "@/lib/options/account-facts";
import { toKvNodes, unwrapEnvelope } from "@/lib/options/kv-table";
import { KeyValueTable } from "./KeyValueTable";
import { Facts, LanguageContext, useLocale, useT } from "./shared";

export function AccountFacts({ value, label }: { value: unknown; label: string }) {
  const t = useT();
  const words = accountTranslate(useContext(LanguageContext));
  const { facts, more } = accountFacts(value, words, useLocale());
  // Not an object at all (a list, a bare value): the safe table says what there is.
  if (facts.length === 0) {
    const nodes = toKvNodes(unwrapEnvelope(value));
    return nodes.length === 0 ? (
      <p class="hint">{t("account.empty")}</p>
    ) : (
      <KeyValueTable value={value} label={label} />
    );
  }
  return (
    <>
      <Facts
        class="account-facts"
        rows={facts.map((fact) => ({
          field: fact.field,
          label: fact.label,
          value:
            "text" in fact ? fact.text : <KeyValueTable value={fact.nested} label={fact.label} />,
        }))}
      />
      {more > 0 && <p class="hint">{words("account.moreFields", { count: more })}</p>}
    </>
  );
}
