/**
 * Editing a rule in its row: a pattern rule's text (checked as typed, saved only when valid)
 * or a list rule's name. Escape cancels.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { problemSentence } from "@/lib/options/rules-editor";
import { parsePattern } from "@/lib/routing/pattern";
import type { RuleSource } from "@/lib/routing/rules";
import { CheckedTextInput } from "./RuleFields";
import { useRulesT } from "./use-rules";

const MAX_NAME = 200;

export function RuleEditForm(props: {
  id: string;
  position: number;
  source: RuleSource;
  onSave: (source: RuleSource) => void;
  onCancel: () => void;
}) {
  const t = useRulesT();
  const { source, position, id } = props;
  const [text, setText] = useState(source.type === "pattern" ? source.text : source.name);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${id}-input`;
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  /** The source as edited, or why it cannot be saved. */
  function check(value: string): RuleSource | string {
    if (source.type === "list") {
      return value.length > MAX_NAME ? t("rules.import.badName") : { ...source, name: value };
    }
    const parsed = parsePattern(value.trim());
    return parsed.ok ? { type: "pattern", text: value.trim() } : problemSentence(parsed.problem, t);
  }

  function input(value: string) {
    setText(value);
    const checked = check(value);
    // An empty field gets its sentence on Save, not while it is being retyped.
    setError(typeof checked === "string" && value.trim() !== "" ? checked : null);
  }

  function submit(event: Event) {
    event.preventDefault();
    const checked = check(text);
    if (typeof checked === "string") {
      setError(checked);
      field.current?.focus();
      return;
    }
    props.onSave(checked);
  }

  return (
    <form
      class="rule-edit"
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        event.stopPropagation();
        props.onCancel();
      }}
    >
      <label for={inputId} class="visually-hidden">
        {source.type === "pattern"
          ? t("rules.patternOf", { position })
          : t("rules.nameOf", { position })}
      </label>
      <CheckedTextInput id={inputId} inputRef={field} value={text} error={error} onInput={input} />
      <button type="submit" class="small">
        {t("rules.save")}
      </button>
      <button type="button" class="secondary small" onClick={props.onCancel}>
        {t("rules.cancel")}
      </button>
    </form>
  );
}
