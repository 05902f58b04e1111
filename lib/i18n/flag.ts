/**
 * A country as every platform shows it: its ISO 3166 two-letter code. Emoji flags are pairs of
 * regional-indicator letters that Windows draws as the bare letters in a box of its own, so
 * lists, `<option>`s and menus write the code, and pages draw it as a small badge
 * (components/popup/Flag.tsx). Lives with the words: a country's name is language, its code
 * is what stands for a flag in every language.
 */

/** "US" from " us "; "" for anything that is not two ASCII letters. */
export function countryCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) ? upper : "";
}
