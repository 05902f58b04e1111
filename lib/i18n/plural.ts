/**
 * Counts in words by the language's plural rules (Intl.PluralRules): a template's
 * `{count, plural, one {# token} other {# tokens}}` picks the form for `count` (an exact `=N`
 * first) and writes the number where `#` stands. Languages without plural forms (Chinese) write
 * the plain `{count}`. Small on purpose: it is on the popup's first path (20 kB budget).
 */
export const withPlurals = (
  template: string,
  values: Record<string, string | number>,
  locale: string,
): string =>
  template.replace(/\{(\w+), plural,((?: *[=\w]+ \{[^{}]*\})+)\}/g, (whole, name, body) => {
    const n = values[name];
    if (n === undefined) return whole;
    const forms: Record<string, string> = {};
    for (const [, form = "", text = ""] of (body as string).matchAll(/([=\w]+) \{([^{}]*)\}/g))
      forms[form] = text;
    const text = forms[`=${n}`] ?? forms[new Intl.PluralRules(locale).select(+n)] ?? forms.other;
    return text === undefined ? whole : text.replace(/#/g, String(n));
  });

/** The values a template asks for: `{name}` and `{name, plural, …}` (for the tables' checks). */
export const placeholderNames = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1] ?? "").sort();
