/**
 * A setup from FoxyProxy or SwitchyOmega/ZeroOmega, shown before anything is written: each
 * proxy and rule with what it becomes here, the bypass entries, and each item that cannot come
 * over with its reason.
 */

import type { OptionsKey, Translate } from "@/lib/i18n/options-strings";
import type { ForeignFormat, ForeignProblem } from "@/lib/import/foreign";
import { type PreviewModel, previewOf, type RouteWhat, type RuleWhat } from "@/lib/import/preview";
import { readForeignFile } from "@/lib/import/read-foreign";
import { decodePolicy } from "@/lib/policy/managed";
import { readState } from "@/lib/storage/read";
import { PreviewActions } from "./PreviewActions";
import { useT } from "./shared";

export interface ForeignPending {
  text: string;
  format: ForeignFormat;
  model: PreviewModel;
}

/** A foreign file's preview against what is stored, or why it is refused; null: no such file. */
export async function readForeign(
  text: string,
): Promise<{ ok: true; pending: ForeignPending } | { ok: false; problem: ForeignProblem } | null> {
  const file = readForeignFile(text);
  if (file.kind !== "setup") return null;
  if (!file.read.ok) return { ok: false, problem: file.read.problem };
  const { setup } = file.read;
  const held = await readState(["tokens", "siteRules", "settings", "managedPolicy"]);
  const model = previewOf(setup, {
    ...held,
    bypassList: held.settings.bypassList,
    bypassLocked: decodePolicy(held.managedPolicy).policy.bypassList !== undefined,
  });
  return { ok: true, pending: { text, format: setup.format, model } };
}

export function foreignProblemText(t: Translate, problem: ForeignProblem): string {
  const source = t(`foreign.source.${problem.format}`);
  const where = problem.kind === "damaged" ? problem.where : "";
  return t(`foreign.err.${problem.kind}`, { source, where });
}

/** Past this many items a list says how many more there are. */
const SHOWN = 50;

function Capped({ items, label }: { items: string[]; label: string }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <ul aria-label={label}>
      {items.slice(0, SHOWN).map((item, i) => (
        // Items can repeat (two rules of one pattern): the index keeps keys apart.
        <li key={i}>{item}</li>
      ))}
      {items.length > SHOWN && <li>{t("foreign.more", { count: items.length - SHOWN })}</li>}
    </ul>
  );
}

const routeText = (t: Translate, route: RouteWhat) =>
  route.kind === "proxy"
    ? t("foreign.route.proxy", { name: route.name })
    : t(route.kind === "direct" ? "foreign.route.direct" : "foreign.route.block");

const whatText = (t: Translate, what: RuleWhat) =>
  what.kind === "pattern"
    ? what.text
    : what.url
      ? t("foreign.listUrl", { name: what.name, count: what.count, url: what.url })
      : t("foreign.list", { name: what.name, count: what.count });

export function ForeignPreview(props: {
  format: ForeignFormat;
  model: PreviewModel;
  busy: boolean;
  /** Also a last rule for everything else (the source's default route). */
  keepRest: boolean;
  onKeepRest: (keep: boolean) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { model } = props;
  const source = t(`foreign.source.${props.format}`);
  const proxies = model.proxies.map((p) => {
    const { name, host, port } = p;
    const values = { name, host, port, type: p.type.toUpperCase(), user: p.username };
    return p.heldId === null
      ? t("foreign.proxyNew", values)
      : t("foreign.proxyHeld", { ...values, id: p.heldId });
  });
  const rules = model.rules.map((rule) =>
    t(rule.enabled ? "foreign.rule" : "foreign.ruleOff", {
      what: whatText(t, rule.what),
      route: routeText(t, rule.route),
    }),
  );
  const skipped = model.skipped.map((s) =>
    t("foreign.skippedItem", {
      what: s.what,
      why: t(`foreign.why.${s.why}` as OptionsKey, { detail: s.detail ?? "" }),
    }),
  );
  return (
    <section class="preview" aria-labelledby="foreign-heading" data-testid="foreign-preview">
      <h4 id="foreign-heading">{t("foreign.heading", { source })}</h4>
      <p>{t("foreign.intro", { source })}</p>
      {proxies.length > 0 && (
        <p data-field="proxies">{t("foreign.proxies", { count: proxies.length })}</p>
      )}
      <Capped items={proxies} label={t("foreign.proxies", { count: proxies.length })} />
      {rules.length > 0 && (
        <p data-field="rules">
          {t("foreign.rules", { count: rules.length, stored: model.storedRules })}
        </p>
      )}
      <Capped
        items={rules}
        label={t("foreign.rules", { count: rules.length, stored: model.storedRules })}
      />
      {model.bypassAdded.length > 0 && (
        <p data-field="bypass">{t("foreign.bypass", { list: model.bypassAdded.join(", ") })}</p>
      )}
      {model.bypassLocked.length > 0 && (
        <p class="warn">{t("foreign.bypassLocked", { list: model.bypassLocked.join(", ") })}</p>
      )}
      {model.bypassRefused.length > 0 && (
        <p class="warn">{t("foreign.bypassRefused", { list: model.bypassRefused.join(", ") })}</p>
      )}
      {model.rest && (
        <p data-field="rest">
          {model.rest.kind === "proxy"
            ? t("foreign.rest.proxy", { name: model.rest.name, source })
            : t("foreign.rest.direct", { source })}
        </p>
      )}
      {model.rest && (
        <label class="check" for="foreign-rest">
          <input
            id="foreign-rest"
            type="checkbox"
            checked={props.keepRest}
            onChange={(e) => props.onKeepRest(e.currentTarget.checked)}
          />
          {t("foreign.restRule", { route: routeText(t, model.rest), source })}
        </label>
      )}
      {skipped.length > 0 && (
        <div data-field="skipped">
          <p class="warn">{t("foreign.skipped", { count: skipped.length })}</p>
          <Capped items={skipped} label={t("foreign.skipped", { count: skipped.length })} />
        </div>
      )}
      {!model.changes && <p role="status">{t("foreign.nothing")}</p>}
      <PreviewActions
        confirm={model.changes ? t("foreign.confirm") : null}
        cancel={t("backup.cancel")}
        busy={props.busy}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
    </section>
  );
}
