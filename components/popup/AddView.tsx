/**
 * The popup's "Add yours": proxies the user already has, from lines of text. Its sentences
 * come with this view's chunk, not in the popup's first-path language table.
 */
import { addProxiesStrings } from "../../lib/i18n/add-proxies-strings";
import { translateOf } from "../../lib/i18n/index";
import type { StoredToken } from "../../lib/state/tokens";
import { AddProxiesForm } from "../common/AddProxiesForm";
import { useEnv } from "./env";

const addWords = translateOf(addProxiesStrings);

export function AddView({ tokens }: { tokens: StoredToken[] }) {
  const { t, send, explain, language } = useEnv();
  const words = addWords(language);
  return (
    <section aria-label={t("viewAdd")}>
      <AddProxiesForm
        t={words}
        tokens={tokens}
        idPrefix="popup-add"
        add={async (text) => {
          const reply = await send({ type: "addProxies", text });
          return reply.ok ? reply.data : explain(reply.failure);
        }}
      />
    </section>
  );
}
