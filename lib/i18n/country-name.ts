/**
 * A country's name from its code, in the page's language, where only the code is at hand
 * (a site route's choices). Apart from flag.ts so the popup's first path does not carry it.
 */
import { countryCode } from "./flag";

/** The country's name in `locale` ("United States", "美国"); "" when unknown. */
export function countryName(code: string, locale: string): string {
  const cc = countryCode(code);
  if (!cc) return "";
  try {
    const name = new Intl.DisplayNames([locale], { type: "region" }).of(cc);
    return name && name !== cc ? name : "";
  } catch {
    // A locale or code Intl does not know: the code alone is shown, as for any unnamed one.
    return "";
  }
}
