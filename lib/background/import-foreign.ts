/**
 * Applies a setup from another extension (FoxyProxy, SwitchyOmega/ZeroOmega) through the same
 * writers the pages' own commands use: the file is read again here (the page's preview is
 * never trusted), its proxies added as "Add proxies" adds lines, its rules appended after the
 * stored ones by the site rules' patch (checked as the editor's are), its bypass entries
 * merged into the settings through the settings' gate as a file's value. Every rule is checked
 * before the first write: a file with a rule that would be refused writes nothing.
 */
import { dequal } from "dequal";
import type { Failure } from "../base/failure";
import type { ForeignImportSummary } from "../import/foreign";
import { heldIds, mergedBypass, proxiesCsv, proxyKey, siteRulesOf } from "../import/plan";
import { readForeignFile } from "../import/read-foreign";
import { decodePolicy } from "../policy/managed";
import { guardPatch } from "../policy/managed-settings";
import { ownRuleCount } from "../routing/rule-caps";
import { MAX_RULES, type SiteRule } from "../routing/rules";
import { checkSetting } from "../state/setting-check";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import { addProxies } from "./add-proxies";
import { forbiddenByPolicy } from "./managed-policy";
import { firstInvalidRule, patchSiteRules } from "./site-rules";

export type ForeignImportOutcome =
  | { ok: true; summary: ForeignImportSummary }
  | { ok: false; failure: Failure };

const fail = (failure: Failure): ForeignImportOutcome => ({ ok: false, failure });

/** The same rule but for its id: an import run twice adds it once. */
const sameRule = (a: SiteRule, b: SiteRule) => dequal({ ...a, id: "" }, { ...b, id: "" });

export async function importForeign(
  text: string,
  now: number,
  options: { rest?: boolean; newId?: () => string } = {},
): Promise<ForeignImportOutcome> {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const rest = options.rest === true;
  const file = readForeignFile(text);
  if (file.kind !== "setup" || !file.read.ok) return fail({ code: "malformed-command" });
  const { setup } = file.read;
  if (setup.proxies.length > 0) {
    const forbidden = await forbiddenByPolicy("add-proxies");
    if (forbidden) return fail(forbidden);
  }
  // Checked before anything is written, with every proxy's rule kept (ids are placeholders).
  const placeholders = new Map(setup.proxies.map((p, i) => [proxyKey(p), -(i + 1)]));
  const draft = siteRulesOf(setup, placeholders, newId, rest);
  const invalid = firstInvalidRule(draft);
  if (invalid) return fail(invalid);
  const stored = await read("siteRules");
  if (ownRuleCount(stored) + draft.length > MAX_RULES)
    return fail({ code: "site-rules-full", max: MAX_RULES });

  const added =
    setup.proxies.length > 0
      ? await addProxies(proxiesCsv(setup.proxies), now)
      : { added: [], duplicate: 0, rejected: [] };
  const ids = heldIds(await read("tokens"));
  const rules = siteRulesOf(setup, ids, newId, rest);

  let rulesAdded = 0;
  let rulesHeld = 0;
  // The list may change between the read and the patch (a list's update, sync): then again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await read("siteRules");
    const fresh = rules.filter((rule) => !current.some((held) => sameRule(held, rule)));
    rulesHeld = rules.length - fresh.length;
    if (fresh.length === 0) break;
    const order = [...current.map((r) => r.id), ...fresh.map((r) => r.id)];
    const patched = await patchSiteRules(fresh, order, []);
    if (patched.ok) {
      rulesAdded = fresh.length;
      break;
    }
    if (patched.failure.code !== "site-rules-changed") return fail(patched.failure);
  }

  const bypassAdded = await mergeBypass(setup.bypass);
  return {
    ok: true,
    summary: {
      proxiesAdded: added.added.length,
      proxiesHeld: added.duplicate,
      proxiesRefused: added.rejected.length,
      rulesAdded,
      rulesHeld,
      bypassAdded,
    },
  };
}

/** Through the settings' gate as a file's value (a policy's list stays as it is). */
function mergeBypass(entries: readonly string[]): Promise<number> {
  if (entries.length === 0) return Promise.resolve(0);
  return updateState(["settings", "managedPolicy"], ({ settings, managedPolicy }) => {
    const merged = mergedBypass(settings.bypassList, entries);
    if (merged.added.length === 0) return { result: 0 };
    const guarded = guardPatch({ bypassList: merged.list }, decodePolicy(managedPolicy).policy);
    if (guarded.managed.length > 0) return { result: 0 };
    const checked = checkSetting("bypassList", merged.list, "backup");
    if (!checked.ok) return { result: 0 };
    return {
      write: { settings: { ...settings, bypassList: checked.value } },
      result: merged.added.length,
    };
  });
}
