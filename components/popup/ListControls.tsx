/** The toolbar's "select all …" checkbox. */
export function SelectAll({
  checked,
  disabled,
  text,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  text: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span>{text}</span>
    </label>
  );
}
