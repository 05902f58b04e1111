/**
 * Site rules: an ordered list of pattern → route (first match wins), saved as a whole on each
 * change; adding, checking an address, importing a rule list. A rule whose token is gone or
 * expired blocks its sites (the background fails closed), and its row says so.
 */
import { THIS_BROWSER } from "@/lib/base/browser-abilities";
import "./rules.css";
import { useEffect, useRef, useState } from "preact/hooks";
import type { RulesKey } from "@/lib/i18n/rules-strings";
import { moveRule, newRule, sharedGatewayRules, sourceText } from "@/lib/options/rules-editor";
import { isManagedRule, ownRuleCount } from "@/lib/routing/rule-caps";
import { MAX_RULES, type Route, type RuleSource, type SiteRule } from "@/lib/routing/rules";
import type { Connection } from "@/lib/state/status";
import type { StoredToken } from "@/lib/state/tokens";
import { Fold } from "../Fold";
import { Notice, type NoticeValue } from "../shared";
import { AddRuleForm } from "./AddRuleForm";
import { useContainers } from "./ContainerSelect";
import { ManagedRuleRow } from "./ManagedRuleRow";
import { RouteTester } from "./RouteTester";
import { RuleListImport } from "./RuleListImport";
import { type FocusControl, RuleRow } from "./RuleRow";
import { SubscribeForm } from "./SubscribeForm";
import { useRuleList, useRulesT, useSubscriptionStatus } from "./use-rules";
import { useSubscriptionT } from "./use-subscription-t";

const HELP: [pattern: string, meaning: RulesKey][] = [
  ["example.com", "rules.help.domain"],
  ["*.example.com", "rules.help.wildcard"],
  ["*://*.example.com/path*", "rules.help.url"],
  ["10.0.0.0/8", "rules.help.cidr"],
  ["/example\\.(com|net)/", "rules.help.regex"],
];

/** A list's order, to know when the rendered list is the one a change asked for. */
const orderOf = (rules: readonly SiteRule[]) => rules.map((rule) => rule.id).join("\n");

export function RulesSection(props: { tokens: StoredToken[]; connection: Connection }) {
  const t = useRulesT();
  const subT = useSubscriptionT();
  const { rules, save } = useRuleList();
  const containers = useContainers();
  const subscriptionStatus = useSubscriptionStatus();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLOListElement>(null);
  /**
   * The row (and control) to focus once the list it was asked for has rendered: the one that
   * moved. An earlier render's effect can run first (Preact runs pending effects as the next
   * render begins): focusing there would focus the row at its old place, and the move would
   * then take the focus away.
   */
  const focusNext = useRef<{ id: string | null; control: FocusControl; order: string } | null>(
    null,
  );
  const now = Date.now();
  const activeTokenId = props.connection.activeTokenId;

  useEffect(() => {
    const request = focusNext.current;
    if (!request || !rules || orderOf(rules) !== request.order) return;
    focusNext.current = null;
    const rows = [...(list.current?.children ?? [])] as HTMLElement[];
    const row = rows.find((el) => el.getAttribute("data-rule-id") === request.id);
    if (!row) {
      document.getElementById("rules-add-pattern")?.focus();
      return;
    }
    const button = row.querySelector<HTMLButtonElement>(`[data-control="${request.control}"]`);
    (button && !button.disabled ? button : row).focus();
  });

  if (!rules) return null;
  const current = rules;
  const sharedGateways = sharedGatewayRules(
    current,
    props.tokens,
    activeTokenId,
    THIS_BROWSER,
    Date.now(),
  );

  async function commit(next: SiteRule[], said?: string): Promise<boolean> {
    if (said) setAnnouncement(said);
    const problem = await save(next);
    // Not saved: the list keeps its order, and the focus stays where it is.
    if (problem) focusNext.current = null;
    setNotice(problem ? { tone: "error", text: t("rules.saveFailed", { reason: problem }) } : null);
    return problem === null;
  }

  function move(index: number, delta: number, control: FocusControl) {
    const rule = current[index];
    const to = index + delta;
    if (!rule || to < 0 || to >= current.length) return;
    const next = moveRule(current, index, delta);
    focusNext.current = { id: rule.id, control, order: orderOf(next) };
    const said = t("rules.moved", { rule: sourceText(rule.source, t), position: to + 1 });
    void commit(next, said);
  }

  function remove(index: number) {
    const rule = current[index];
    if (!rule) return;
    const next = current.filter((_, i) => i !== index);
    const focusId = next[Math.min(index, next.length - 1)]?.id ?? null;
    focusNext.current = { id: focusId, control: "row", order: orderOf(next) };
    void commit(next, t("rules.deleted", { rule: sourceText(rule.source, t) }));
  }

  async function add(source: RuleSource, route: Route): Promise<boolean> {
    // The administrator's rules come on top of the user's MAX_RULES (the background counts so).
    if (ownRuleCount(current) >= MAX_RULES) {
      setNotice({ tone: "error", text: t("rules.tooMany") });
      return false;
    }
    const said = t("rules.added", {
      rule: sourceText(source, t),
      position: current.length + 1,
    });
    return commit([...current, newRule(source, route)], said);
  }

  const shared = { tokens: props.tokens, activeTokenId, now };
  return (
    <section id="site-rules" aria-labelledby="site-rules-heading">
      <h2 id="site-rules-heading">{t("rules.heading")}</h2>
      <p class="hint">{t("rules.intro")}</p>
      <h3 id="rules-list-heading">{t("rules.list")}</h3>
      <p id="rules-keys" class="hint">
        {t("rules.keys")}
      </p>
      {current.length === 0 ? (
        <p class="rules-empty">{t("rules.none")}</p>
      ) : (
        <ol class="rule-list" ref={list} aria-labelledby="rules-list-heading">
          {current.map((rule, index) =>
            isManagedRule(rule) ? (
              <ManagedRuleRow
                key={rule.id}
                rule={rule}
                position={index + 1}
                subscriptionState={subscriptionStatus?.[rule.id]}
                tokens={props.tokens}
                now={now}
              />
            ) : (
              <RuleRow
                key={rule.id}
                rule={rule}
                position={index + 1}
                count={current.length}
                tokens={props.tokens}
                now={now}
                sharedGateway={sharedGateways.get(rule.id)}
                subscriptionState={subscriptionStatus?.[rule.id]}
                containers={containers}
                onChange={(changed) =>
                  void commit(current.map((r) => (r.id === changed.id ? changed : r)))
                }
                onDelete={() => remove(index)}
                onMove={(delta, control) => move(index, delta, control)}
              />
            ),
          )}
        </ol>
      )}
      <p role="status" class="visually-hidden">
        {announcement}
      </p>
      <Notice notice={notice} id="rules-status" />
      <AddRuleForm {...shared} onAdd={add} />
      <RouteTester rules={current} {...shared} />
      <Fold id="rules-help" heading={t("rules.help.heading")}>
        <dl class="rules-help">
          {HELP.map(([pattern, meaning]) => (
            <div key={pattern}>
              <dt>
                <code>{pattern}</code>
              </dt>
              <dd>{t(meaning)}</dd>
            </div>
          ))}
        </dl>
        <p class="notice notice-info">{t("rules.help.https")}</p>
      </Fold>
      <Fold id="rules-import" heading={t("rules.import.heading")}>
        <RuleListImport {...shared} onAdd={add} />
      </Fold>
      <Fold id="rules-subscribe" heading={subT("sub.heading")}>
        <SubscribeForm {...shared} count={current.length} />
      </Fold>
    </section>
  );
}
