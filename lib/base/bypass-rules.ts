/** The bypass list's entries as Chrome takes them: one rejected entry rejects the whole setting. */

export type BypassProblem = { line: number; rule: string };

/** Rules Chrome would reject: spaces inside a rule, or characters no host pattern contains. */
export function invalidBypassRules(rules: readonly string[]): BypassProblem[] {
  const problems: BypassProblem[] = [];
  rules.forEach((rule, index) => {
    if (/\s/.test(rule) || !/^[\w.*:/<>[\]\-+%]+$/.test(rule)) {
      problems.push({ line: index + 1, rule });
    }
  });
  return problems;
}
