/** Shared by the rule-list tests: does a list rule holding the imported `text` match `url`? */
import { compileRules } from "../../../lib/routing/router";
import { parseRuleList } from "../../../lib/routing/rule-list";

export const listMatches = (text: string, url: string) =>
  compileRules([
    {
      id: "list",
      enabled: true,
      source: { type: "list", name: "t", lines: parseRuleList(text).accepted },
      route: { kind: "direct" },
    },
  ]).route(url) !== null;
