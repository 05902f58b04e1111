/**
 * One compiled router per rule array: the background plans from the same decoded list until
 * it changes (decoded-memo.ts, plan.ts), so 10,000 rules are compiled once per change, not on
 * every "which route?" or apply.
 */
import { compileRules, type Router } from "./router";
import type { SiteRule } from "./rules";

const compiled = new WeakMap<readonly SiteRule[], Router>();

export function compiledRouter(rules: SiteRule[]): Router {
  let router = compiled.get(rules);
  if (!router) {
    router = compileRules(rules);
    compiled.set(rules, router);
  }
  return router;
}
