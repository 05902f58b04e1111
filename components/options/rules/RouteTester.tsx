/**
 * "Which route would this URL take?": the answer follows the rules as they change (disabled
 * ones skipped), naming the rule that decides or the default route.
 */

import { useState } from "preact/hooks";
import { THIS_BROWSER } from "@/lib/base/browser-abilities";
import {
  routeHealth,
  routeOfUrl,
  routeText,
  sourceText,
  urlToTest,
} from "@/lib/options/rules-editor";
import type { SiteRule } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import { FieldError } from "../shared";
import { useRulesT } from "./use-rules";

export function RouteTester(props: {
  rules: readonly SiteRule[];
  tokens: readonly StoredToken[];
  activeTokenId: number | null;
  now: number;
}) {
  const t = useRulesT();
  const [text, setText] = useState("");
  /** The address asked about; "" for one that is not an address. */
  const [asked, setAsked] = useState<string | null>(null);

  function answer(url: string): string {
    const found = routeOfUrl(
      props.rules,
      url,
      props.activeTokenId,
      THIS_BROWSER.oneLoginPerEndpoint,
    );
    if (found.kind === "rule") {
      const named = { url, position: found.position, rule: sourceText(found.rule.source, t) };
      // Fail closed: the background blocks the sites of a rule whose token is gone or expired.
      if (routeHealth(found.route, props.tokens, props.now) !== "ok") {
        return t("rules.test.blocked", named);
      }
      return t("rules.test.byRule", {
        ...named,
        route: routeText(found.route, props.tokens, props.now, t),
      });
    }
    const token = props.tokens.find((candidate) => candidate.id === found.tokenId);
    if (found.tokenId === null) return t("rules.test.defaultDirect", { url });
    return t("rules.test.defaultToken", {
      url,
      route: token
        ? routeText({ kind: "token", tokenId: token.id }, props.tokens, props.now, t)
        : `#${found.tokenId}`,
    });
  }

  return (
    <form
      class="rule-test"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAsked(urlToTest(text) ?? "");
      }}
    >
      <h3>{t("rules.test.heading")}</h3>
      <label for="rules-test-url">{t("rules.test.url")}</label>
      <div class="row">
        <input
          id="rules-test-url"
          type="url"
          value={text}
          spellcheck={false}
          autoComplete="off"
          aria-invalid={asked === "" ? "true" : undefined}
          aria-describedby={asked === "" ? "rules-test-hint rules-test-error" : "rules-test-hint"}
          onInput={(event) => {
            setText(event.currentTarget.value);
            setAsked(null);
          }}
        />
        <button type="submit">{t("rules.test.check")}</button>
      </div>
      <p id="rules-test-hint" class="hint">
        {t("rules.test.hint")}
      </p>
      <FieldError id="rules-test-error" message={asked === "" ? t("rules.test.badUrl") : null} />
      <p id="rules-test-answer" role="status" class="rule-answer">
        {asked ? answer(asked) : ""}
      </p>
    </form>
  );
}
