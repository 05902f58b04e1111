/**
 * Proxies the user already has (bought elsewhere, on another computer, from another provider),
 * added from lines of text (components/common/AddProxiesForm.tsx) or one by its fields
 * (looks/AddProxyFields.tsx).
 */
import { AddProxiesForm } from "@/components/common/AddProxiesForm";
import type { StoredToken } from "@/lib/state/tokens";
import { AddProxyFields } from "./looks/AddProxyFields";
import { LockedNote, usePolicy } from "./policy";
import { send, useExplain, useT } from "./shared";

export function AddProxiesSection({ tokens }: { tokens: StoredToken[] }) {
  const t = useT();
  const explain = useExplain();
  // The policy can forbid it: the form gives way to the reason (the background refuses too).
  const forbidden = usePolicy().addProxies === false;
  return (
    <section id="add-proxies" aria-labelledby="add-proxies-heading">
      <h2 id="add-proxies-heading">{t("add.heading")}</h2>
      <p class="hint">{t("add.intro")}</p>
      {forbidden ? (
        <LockedNote id="add-proxies-locked" text="policy.noAdding" />
      ) : (
        <>
          <AddProxiesForm
            t={t}
            tokens={tokens}
            idPrefix="add-proxies"
            add={async (text) => {
              const reply = await send({ type: "addProxies", text });
              return reply.ok ? reply.data : explain(reply.failure);
            }}
          />
          <AddProxyFields />
        </>
      )}
    </section>
  );
}
