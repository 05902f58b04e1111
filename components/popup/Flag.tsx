import { countryCode } from "../../lib/i18n/flag";

/**
 * A country's code in a small bordered badge ("US"): drawn alike on every platform, where an
 * emoji flag is letters on Windows. It stands beside the country's name, which screen readers
 * read, so they skip the badge. Where none does, NamedFlag.tsx labels it.
 * Small on purpose: it is on the popup's first path (20 kB budget).
 */
export function Flag({ code }: { code: string }) {
  const cc = countryCode(code);
  // The space after the badge keeps the text whole when copied or read as text ("US Ohio").
  return cc ? (
    <>
      <span class="cc" aria-hidden="true">
        {cc}
      </span>{" "}
    </>
  ) : null;
}
