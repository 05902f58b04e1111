import type { PopupT } from "../../lib/i18n/popup-strings";
import type { CountryOption, TokenFilter } from "../../lib/popup/filter";
import { flagEmoji } from "../../lib/popup/format";
import { TOKEN_KINDS } from "../../lib/state/token-facts";

/** Kind, country and search: shown only once the list is long enough (list-controls.ts). */
export function Filters({
  filter,
  countries,
  onChange: changeFilter,
  t,
}: {
  filter: TokenFilter;
  countries: readonly CountryOption[];
  onChange: (change: Partial<TokenFilter>) => void;
  t: PopupT;
}) {
  return (
    <div class="filters">
      <label>
        <span>{t("filterKind")}</span>
        <select
          value={filter.kind}
          onChange={(e) => changeFilter({ kind: e.currentTarget.value as TokenFilter["kind"] })}
        >
          <option value="all">{t("allKinds")}</option>
          {TOKEN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("filterCountry")}</span>
        <select
          value={filter.country}
          onChange={(e) => changeFilter({ country: e.currentTarget.value })}
        >
          <option value="all">{t("allCountries")}</option>
          {countries.map((c) => (
            <option key={c.name} value={c.name}>
              {`${flagEmoji(c.code)} ${c.name || t("unknownCountry")} (${c.count})`.trim()}
            </option>
          ))}
        </select>
      </label>
      <label class="search">
        <span>{t("search")}</span>
        <input
          type="search"
          value={filter.text}
          placeholder={t("searchPlaceholder")}
          onInput={(e) => changeFilter({ text: e.currentTarget.value })}
        />
      </label>
    </div>
  );
}

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
