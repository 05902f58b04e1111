/** One radio button per option, in a row; `text` says what each is. */
export function RadioChoices<T extends string>({
  name,
  options,
  value,
  text,
  onChange,
}: {
  name: string;
  options: readonly T[];
  value: T;
  text: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <div class="choices">
      {options.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {text(option)}
        </label>
      ))}
    </div>
  );
}
