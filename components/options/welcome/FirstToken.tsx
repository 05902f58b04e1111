/** Welcome, step 2: buy a token, add a proxy the user has, or bring another extension's setup. */
import { useState } from "preact/hooks";
import type { StoredToken } from "@/lib/state/tokens";
import { AddProxiesSection } from "../AddProxiesSection";
import { useT } from "../shared";
import { BuyToken } from "./BuyToken";

type Way = "buy" | "add" | null;

export function FirstToken({
  tokens,
  hasProvider,
}: {
  tokens: StoredToken[];
  hasProvider: boolean;
}) {
  const t = useT();
  const [way, setWay] = useState<Way>(null);
  const done = tokens.length > 0;
  return (
    <section id="first-token" aria-labelledby="first-token-heading">
      <h2 id="first-token-heading">
        {t("welcome.step2.heading")}
        {done && <span class="step-done">{t("welcome.done")}</span>}
      </h2>
      <p class="hint">{t("welcome.step2.intro")}</p>
      {done && (
        <p data-testid="welcome-tokens">{t("welcome.step2.have", { count: tokens.length })}</p>
      )}
      <div class="welcome-ways">
        <button
          type="button"
          class={way === "buy" ? "" : "secondary"}
          aria-expanded={way === "buy"}
          aria-describedby={hasProvider ? undefined : "buy-needs-provider"}
          disabled={!hasProvider}
          onClick={() => setWay(way === "buy" ? null : "buy")}
        >
          {t("welcome.buy")}
        </button>
        <button
          type="button"
          class={way === "add" ? "" : "secondary"}
          aria-expanded={way === "add"}
          onClick={() => setWay(way === "add" ? null : "add")}
        >
          {t("welcome.add")}
        </button>
      </div>
      {!hasProvider && (
        <p class="hint" id="buy-needs-provider">
          {t("welcome.buyNeedsProvider")}
        </p>
      )}
      <p>
        {t("welcome.importQuestion")} <a href="#backup">{t("welcome.importLink")}</a>
      </p>
      {way === "buy" && hasProvider && <BuyToken onDone={() => setWay(null)} />}
      {way === "add" && <AddProxiesSection tokens={tokens} />}
    </section>
  );
}
