import { countryName } from "../../lib/i18n/country-name";
import { countryCode } from "../../lib/i18n/flag";
import type { Language } from "../../lib/i18n/index";
import { locale } from "../../lib/i18n/time";

/**
 * The country-code badge where no country name stands beside it: labelled with the name in the
 * page's language, for screen readers and as a tooltip. Off the popup's first path.
 */
export function NamedFlag({ code, language }: { code: string; language: Language }) {
  const cc = countryCode(code);
  if (!cc) return null;
  const name = countryName(cc, locale(language)) || cc;
  return (
    <>
      <span class="cc" role="img" aria-label={name} title={name}>
        {cc}
      </span>{" "}
    </>
  );
}
