/** Labelled fields for the options forms: the hint and the error below are linked to the control. */
import type { ComponentChildren } from "preact";
import { FieldError, SecretInput } from "./shared";

interface FieldProps {
  id: string;
  label: string;
  /** The hint shown under the control. */
  hint?: { id: string; text: string };
  /** The error shown under the control while there is one. */
  error?: { id: string; message: string | undefined };
  /** Ids of descriptions elsewhere on the page, read before the field's own. */
  describedBy?: string;
}

function Field({ id, label, hint, error, children }: FieldProps & { children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p id={hint.id} class="hint">
          {hint.text}
        </p>
      )}
      {error && <FieldError id={error.id} message={error.message} />}
    </div>
  );
}

/** The control's `aria-describedby` (undefined when nothing describes it) and `aria-invalid`. */
function described({ hint, error, describedBy }: FieldProps) {
  const ids = [describedBy, hint?.id, error?.message ? error.id : undefined].filter(Boolean);
  return {
    describedBy: ids.length > 0 ? ids.join(" ") : undefined,
    invalid: error?.message ? ("true" as const) : undefined,
  };
}

/** Text in one line, in `rows` lines, or a secret with a Show button. */
export function TextField(
  props: FieldProps & {
    value: string;
    onInput: (value: string) => void;
    type?: "text" | "url";
    inputMode?: "url" | "decimal";
    autoComplete?: "off";
    spellcheck?: boolean;
    rows?: number;
    secret?: boolean;
    /** Fixed elsewhere (the administrator's policy): `describedBy` says why. */
    disabled?: boolean;
  },
) {
  const { id, label, value, onInput } = props;
  const aria = described(props);
  if (props.secret) {
    return (
      <Field {...props}>
        <SecretInput
          id={id}
          label={label}
          value={value}
          invalid={aria.invalid !== undefined}
          describedBy={aria.describedBy}
          onInput={onInput}
        />
      </Field>
    );
  }
  const text = {
    id,
    spellcheck: props.spellcheck,
    disabled: props.disabled,
    value,
    "aria-invalid": aria.invalid,
    "aria-describedby": aria.describedBy,
    onInput: (e: { currentTarget: { value: string } }) => onInput(e.currentTarget.value),
  };
  return (
    <Field {...props}>
      {props.rows ? (
        <textarea rows={props.rows} {...text} />
      ) : (
        <input
          type={props.type ?? "text"}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          {...text}
        />
      )}
    </Field>
  );
}

/** A choice from a list; `lang` marks an option written in another language. */
export function SelectField<T extends string>(
  props: FieldProps & {
    value: T;
    options: readonly { value: T; text: string; lang?: string }[];
    onChange: (value: T) => void;
    /** Decided elsewhere (the policy, the account): the hint or `describedBy` says where. */
    disabled?: boolean;
  },
) {
  const aria = described(props);
  return (
    <Field {...props}>
      <select
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        aria-describedby={aria.describedBy}
        onChange={(e) => props.onChange(e.currentTarget.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.text}
          </option>
        ))}
      </select>
    </Field>
  );
}
