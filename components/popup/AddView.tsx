/**
 * The popup's "Add yours": proxies the user already has, from lines of text. Its sentences
 * come with this view's chunk, not in the popup's first-path language table.
 */
// Typed text and addresses keep their own direction in right-to-left text.
import "../common/bidi.css";
import { addProxiesStrings } from "../../lib/i18n/add-proxies-strings";
import { translateOf } from "../../lib/i18n/index";
import { withPlurals } from "../../lib/i18n/plural";
import type { StoredToken } from "../../lib/state/tokens";
import { AddProxiesForm } from "../common/AddProxiesForm";
import { useEnv } from "./env";

// Counts in words ("Add 1 proxy"): this view loads on demand, so the plural code is off the first path.
const addWords = translateOf(addProxiesStrings, withPlurals);

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
