/** Adding a pattern rule: checked as it is typed, each mistake said next to the field. */
import { useRef, useState } from "preact/hooks";
import { problemSentence } from "@/lib/options/rules-editor";
import { parsePattern } from "@/lib/routing/pattern";
import { type AddFormProps, CheckedTextInput, RouteField, useNewRoute } from "./RuleFields";
import { useRulesT } from "./use-rules";

export function AddRuleForm(props: AddFormProps) {
  const t = useRulesT();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const [route, setChosen] = useNewRoute(props);

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
          <CheckedTextInput
            id="rules-add-pattern"
            inputRef={field}
            value={text}
            error={error}
            placeholder="*.example.com"
            onInput={input}
          />
        </div>
        <RouteField
          id="rules-add-route"
          label={t("rules.add.route")}
          value={route}
          tokens={props.tokens}
          now={props.now}
          onChange={setChosen}
        />
      </div>
      <div class="actions">
        <button type="submit">{t("rules.add.add")}</button>
      </div>
    </form>
  );
}
