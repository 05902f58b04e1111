/**
 * Counts in words by the language's plural rules (Intl.PluralRules): a template's
 * `{count, plural, one {# token} other {# tokens}}` picks the form for `count` and writes the
 * number where `#` stands. Languages without plural forms (Chinese) write the plain `{count}`.
 */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

const rulesOf = new Map<string, Intl.PluralRules>();

export function withPlurals(
  template: string,
  values: Record<string, string | number>,
  locale: string,
): string {
  if (!template.includes(", plural,")) return template;
  return template.replace(PLURAL, (whole, name: string, body: string) => {
    const count = Number(values[name]);
    if (!(name in values) || Number.isNaN(count)) return whole;
    const forms = new Map([...body.matchAll(FORM)].map((m) => [m[1] ?? "", m[2] ?? ""]));
    let rules = rulesOf.get(locale);
    if (!rules) {
      rules = new Intl.PluralRules(locale);
      rulesOf.set(locale, rules);
    }
    const form = forms.get(`=${count}`) ?? forms.get(rules.select(count)) ?? forms.get("other");
    return form === undefined ? whole : form.replace(/#/g, String(values[name]));
  });
}

/** The values a template asks for: `{name}` and `{name, plural, …}` (for the tables' checks). */
export const placeholderNames = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1] ?? "").sort();
