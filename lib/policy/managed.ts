/**
 * The administrator's policy (`storage.managed`), read field by field (pure). Each field is
 * taken whole or not at all: a field that fails its check is ignored and reported by name, so
 * a typo never half-applies a bypass list or a rule set, and the good fields still apply.
 * Secrets never come from a policy: it names an address, never a login.
 */
import { validateBaseUrl } from "../base/base-url";
import { invalidBypassRules } from "../base/bypass-rules";
import { isRecord } from "../base/is-record";
import { validateListUrl } from "../base/list-url";
import { parsePattern } from "../routing/pattern";
import { MAX_MANAGED_RULES } from "../routing/rules";

/** A rule the policy puts first: one pattern, or a rule list kept by URL. */
export type ManagedRuleSpec =
  | { pattern: string; route: "direct" | "block" }
  | { subscription: string; route: "direct" | "block"; name: string; everyHours: number };

export interface ManagedPolicy {
  baseUrl?: string;
  /** True: a token that cannot be used blocks traffic (fallbackDirect off); false: goes direct. */
  failClosed?: boolean;
  webrtcProtection?: boolean;
  bypassList?: string[];
  rules?: ManagedRuleSpec[];
  /** False: a backup never includes secrets. */
  backupSecrets?: boolean;
  /** False: users cannot add proxies of their own. */
  addProxies?: boolean;
}
export type PolicyField = keyof ManagedPolicy;

/** Why a field of the policy was ignored: a key of the options page's strings' `policy.why.*`. */
export type PolicyProblemWhy =
  | "unknown"
  | "type"
  | "base-url"
  | "bypass-rule"
  | "rule"
  | "rule-route"
  | "rule-pattern"
  | "rule-url";
export interface PolicyProblem {
  field: string;
  why: PolicyProblemWhy;
  /** What was wrong, quoted for the administrator (a rule, an entry's position). */
  detail: string;
}

export interface DecodedPolicy {
  policy: ManagedPolicy;
  problems: PolicyProblem[];
}

const isRuleRoute = (value: unknown): value is "direct" | "block" =>
  value === "direct" || value === "block";

type Check<T> = (
  value: unknown,
) => { ok: true; value: T } | { ok: false; why: PolicyProblemWhy; detail: string };

const bool: Check<boolean> = (value) =>
  typeof value === "boolean" ? { ok: true, value } : { ok: false, why: "type", detail: "" };

/**
 * The administrator owns the machine: plain http to loopback is taken as if typed (a local
 * provider), never http across a network.
 */
const baseUrl: Check<string> = (value) => {
  if (typeof value !== "string") return { ok: false, why: "type", detail: "" };
  const result = validateBaseUrl(value, true);
  return result.ok
    ? { ok: true, value: result.url }
    : { ok: false, why: "base-url", detail: result.problem };
};

const bypassList: Check<string[]> = (value) => {
  if (!Array.isArray(value) || !value.every((rule) => typeof rule === "string"))
    return { ok: false, why: "type", detail: "" };
  const rules = [...new Set(value.map((rule) => rule.trim()).filter((rule) => rule !== ""))];
  const bad = invalidBypassRules(rules)[0];
  return bad ? { ok: false, why: "bypass-rule", detail: bad.rule } : { ok: true, value: rules };
};

function ruleOf(entry: unknown): ManagedRuleSpec | PolicyProblemWhy {
  if (!isRecord(entry)) return "rule";
  const route = entry.route;
  if (!isRuleRoute(route)) return "rule-route";
  if (typeof entry.pattern === "string" && entry.subscription === undefined) {
    const pattern = entry.pattern.trim();
    return parsePattern(pattern).ok ? { pattern, route } : "rule-pattern";
  }
  if (typeof entry.subscription !== "string" || entry.pattern !== undefined) return "rule";
  // https, or http to loopback (the administrator wrote it, as typed).
  const checked = validateListUrl(entry.subscription, true);
  if (!checked.ok) return "rule-url";
  const hours = entry.everyHours ?? 24;
  if (typeof hours !== "number" || !Number.isInteger(hours) || hours < 1 || hours > 720)
    return "rule";
  // Stored as the rule's list (routing/rules.ts): the address as checked, a name of at most
  // 200 characters. One over would fail the writer and drop the whole policy's write.
  const name = (typeof entry.name === "string" ? entry.name : checked.url).slice(0, 200);
  return { subscription: checked.url, route, name, everyHours: hours };
}

const rules: Check<ManagedRuleSpec[]> = (value) => {
  if (!Array.isArray(value) || value.length > MAX_MANAGED_RULES)
    return { ok: false, why: "type", detail: "" };
  const specs: ManagedRuleSpec[] = [];
  for (const [index, entry] of value.entries()) {
    const spec = ruleOf(entry);
    // One wrong rule drops the whole field: an administrator's rule set applies whole or not.
    if (typeof spec === "string") return { ok: false, why: spec, detail: String(index + 1) };
    specs.push(spec);
  }
  return { ok: true, value: specs };
};

const CHECKS: { [K in PolicyField]-?: Check<NonNullable<ManagedPolicy[K]>> } = {
  baseUrl,
  failClosed: bool,
  webrtcProtection: bool,
  bypassList,
  rules,
  backupSecrets: bool,
  addProxies: bool,
};
export const POLICY_FIELDS = Object.keys(CHECKS) as PolicyField[];

/** The policy's good fields, and a problem for each field that was ignored. */
export function decodePolicy(raw: unknown): DecodedPolicy {
  const source = isRecord(raw) ? raw : {};
  const policy: Record<string, unknown> = {};
  const problems: PolicyProblem[] = [];
  for (const [field, value] of Object.entries(source)) {
    // Chrome hands an unset optional field over as absent; null is as good as absent.
    if (value === undefined || value === null) continue;
    // Own fields only: a key named like a built-in (`constructor`, `toString`) is unknown, not
    // the object's own method taken for a check (which threw, and the whole policy was lost).
    const check = Object.hasOwn(CHECKS, field)
      ? (CHECKS[field as PolicyField] as Check<unknown>)
      : undefined;
    if (!check) {
      problems.push({ field: field.slice(0, 80), why: "unknown", detail: "" });
      continue;
    }
    const result = check(value);
    if (result.ok) policy[field] = result.value;
    else problems.push({ field, why: result.why, detail: result.detail.slice(0, 200) });
  }
  return { policy: policy as ManagedPolicy, problems };
}
