// Typed text and addresses keep their own direction in right-to-left text.
import "../common/bidi.css";
import { useMemo } from "preact/hooks";
import { filterStrings } from "../../lib/i18n/filter-strings";
import { countryCode } from "../../lib/i18n/flag";
import { countryOptions, type TokenFilter } from "../../lib/popup/filter";
import { TOKEN_KINDS } from "../../lib/state/token-facts";
import type { StoredToken } from "../../lib/state/tokens";
import { viewWords } from "./view-words";

/** Shown from six tokens only: its code and words come in a chunk of their own. */
const useFilterT = viewWords(filterStrings);

/** Kind, country and search: shown only once the list is long enough (list-controls.ts). */
export function Filters({
  filter,
  tokens,
  onChange: changeFilter,
}: {
  filter: TokenFilter;
  tokens: readonly StoredToken[];
  onChange: (change: Partial<TokenFilter>) => void;
}) {
  const t = useFilterT();
  const countries = useMemo(() => countryOptions(tokens), [tokens]);
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
              {`${countryCode(c.code)} ${c.name || t("unknownCountry")} (${c.count})`.trim()}
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
