/**
 * The fields the rule forms share: a checked text field (its mistake beside it, tied with
 * aria-describedby) and a labelled route choice.
 */
import type { Ref } from "preact";
import { useState } from "preact/hooks";
import { firstRoute } from "@/lib/options/rules-editor";
import type { Route, RuleSource } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import { FieldError } from "../shared";
import { RouteSelect } from "./RouteSelect";

export function CheckedTextInput(props: {
  id: string;
  value: string;
  error: string | null;
  onInput: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <input
        id={props.id}
        ref={props.inputRef}
        type="text"
        value={props.value}
        spellcheck={false}
        autoComplete="off"
        placeholder={props.placeholder}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      <FieldError id={errorId} message={props.error} />
    </>
  );
}

export function RouteField(props: {
  id: string;
  label: string;
  value: Route;
  tokens: readonly StoredToken[];
  now: number;
  onChange: (route: Route) => void;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <RouteSelect
        id={props.id}
        value={props.value}
        tokens={props.tokens}
        now={props.now}
        onChange={props.onChange}
      />
    </div>
  );
}

/** What a form that adds a rule (one pattern, or an imported list) is given. */
export interface AddFormProps {
  tokens: readonly StoredToken[];
  activeTokenId: number | null;
  now: number;
  /** Adds the rule; resolves to true once it is saved. */
  onAdd: (source: RuleSource, route: Route) => Promise<boolean>;
}

/** The route a new rule will take: the user's pick, else the connected token (or the first). */
export function useNewRoute(props: AddFormProps): [Route, (route: Route | null) => void] {
  const [chosen, setChosen] = useState<Route | null>(null);
  return [chosen ?? firstRoute(props.tokens, props.activeTokenId, props.now), setChosen];
}
