/** Adding a pattern rule: checked as it is typed, each mistake said next to the field. */
import { useRef, useState } from "preact/hooks";
import { firstRoute, problemSentence } from "@/lib/options/rules-editor";
import { parsePattern } from "@/lib/routing/pattern";
import type { Route, RuleSource } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import { FieldError } from "../shared";
import { RouteSelect } from "./RouteSelect";
import { useRulesT } from "./use-rules";

export function AddRuleForm(props: {
  tokens: readonly StoredToken[];
  activeTokenId: number | null;
  now: number;
  /** Adds the rule; resolves to true once it is saved. */
  onAdd: (source: RuleSource, route: Route) => Promise<boolean>;
}) {
  const t = useRulesT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Route | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const route = chosen ?? firstRoute(props.tokens, props.activeTokenId, props.now);

  function input(value: string) {
    setText(value);
    const parsed = parsePattern(value.trim());
    // An empty field gets its sentence on Add, not while it is being retyped.
    setError(parsed.ok || value.trim() === "" ? null : problemSentence(parsed.problem, t));
  }

  async function submit(event: Event) {
    event.preventDefault();
    const pattern = text.trim();
    const parsed = parsePattern(pattern);
    if (!parsed.ok) {
      setError(problemSentence(parsed.problem, t));
      field.current?.focus();
      return;
    }
    // Shown in the list at once; saves queue up, so the next rule can be typed right away.
    setText("");
    setError(null);
    field.current?.focus();
    const added = await props.onAdd({ type: "pattern", text: pattern }, route);
    // Not saved: the pattern comes back, unless something new is being typed.
    if (!added) setText((typed) => (typed === "" ? pattern : typed));
  }

  return (
    <form class="rule-add" noValidate onSubmit={(event) => void submit(event)}>
      <h3 id="rules-add-heading">{t("rules.add.heading")}</h3>
      <div class="rule-add-fields">
        <div class="field">
          <label for="rules-add-pattern">{t("rules.add.pattern")}</label>
          <input
            id="rules-add-pattern"
            ref={field}
            type="text"
            value={text}
            spellcheck={false}
            autoComplete="off"
            placeholder="*.example.com"
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "rules-add-error" : undefined}
            onInput={(event) => input(event.currentTarget.value)}
          />
          <FieldError id="rules-add-error" message={error} />
        </div>
        <div class="field">
          <label for="rules-add-route">{t("rules.add.route")}</label>
          <RouteSelect
            id="rules-add-route"
            value={route}
            tokens={props.tokens}
            now={props.now}
            onChange={setChosen}
          />
        </div>
      </div>
      <div class="actions">
        <button type="submit">{t("rules.add.add")}</button>
      </div>
    </form>
  );
}
