/**
 * One rule in the ordered list: its pattern (or list), route, switch, Edit, Delete and the
 * moves. Alt+ArrowUp/Alt+ArrowDown on the focused row (or one of its buttons) moves it.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { routeHealth, sourceText } from "@/lib/options/rules-editor";
import type { RuleSource, SiteRule } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import type { SubscriptionState } from "@/lib/subscriptions/status";
import { type Container, ContainerSelect } from "./ContainerSelect";
import { RouteSelect } from "./RouteSelect";
import { RuleEditForm } from "./RuleEditForm";
import { RuleSourceCells } from "./RuleSourceCells";
import { useRulesT } from "./use-rules";

/** Which control keeps the focus when the row moves. */
export type FocusControl = "row" | "up" | "down";

/** Move up and Move down: the same button, one step either way. */
const MOVES = [
  { control: "up", delta: -1, label: "rules.up", labelOf: "rules.upOf", disabledAt: "first" },
  { control: "down", delta: 1, label: "rules.down", labelOf: "rules.downOf", disabledAt: "last" },
] as const;

export function RuleRow(props: {
  rule: SiteRule;
  position: number;
  count: number;
  tokens: readonly StoredToken[];
  now: number;
  /** Firefox: the containers a rule may be limited to. */
  containers?: Container[];
  /** The gateway this rule's token cannot share here (Chrome), when so. */
  sharedGateway?: string;
  /** A subscribed list's fetches, in this browser. */
  subscriptionState?: SubscriptionState;
  onChange: (rule: SiteRule) => void;
  onDelete: () => void;
  onMove: (delta: number, focus: FocusControl) => void;
}) {
  const t = useRulesT();
  const { rule, position, count } = props;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const summary = sourceText(rule.source, t);
  const named = { position, rule: summary };
  const routed = rule.enabled ? routeHealth(rule.route, props.tokens, props.now) : "ok";
  const health = routed === "ok" && props.sharedGateway ? "shared" : routed;
  const base = `rule-${rule.id}`;
  const warningId = `${base}-warning`;

  function keyDown(event: KeyboardEvent) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    // Alt+Arrow opens a select's list, and moves the caret in a text field.
    const target = event.target as HTMLElement;
    if (target.closest("select, input[type=text], textarea")) return;
    event.preventDefault();
    const control = target.dataset.control;
    props.onMove(
      event.key === "ArrowUp" ? -1 : 1,
      control === "up" || control === "down" ? control : "row",
    );
  }

  function save(source: RuleSource) {
    props.onChange({ ...rule, source });
    setEditing(false);
  }

  return (
    <li
      class={`rule-row${rule.enabled ? "" : " rule-off"}${health === "ok" ? "" : " rule-broken"}`}
      data-rule-id={rule.id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the row takes focus to be moved with Alt+Arrow.
      tabIndex={0}
      aria-label={`${t("rules.position", { position })}: ${summary}`}
      aria-describedby="rules-keys"
      onKeyDown={keyDown}
    >
      <RuleSourceCells
        rule={rule}
        position={position}
        summary={summary}
        editor={
          editing ? (
            <RuleEditForm
              id={`${base}-edit`}
              position={position}
              source={rule.source}
              onSave={save}
              onCancel={() => setEditing(false)}
            />
          ) : undefined
        }
        subscriptionState={props.subscriptionState}
        tokens={props.tokens}
        now={props.now}
        onChange={props.onChange}
      />
      <RouteSelect
        id={`${base}-route`}
        class="rule-route"
        label={t("rules.routeOf", named)}
        value={rule.route}
        tokens={props.tokens}
        now={props.now}
        describedBy={health === "ok" ? undefined : warningId}
        invalid={health !== "ok"}
        onChange={(route) => props.onChange({ ...rule, route })}
      />
      <label class="check rule-enabled" for={`${base}-enabled`}>
        <input
          id={`${base}-enabled`}
          type="checkbox"
          checked={rule.enabled}
          aria-label={t("rules.enabledOf", named)}
          onChange={(event) => props.onChange({ ...rule, enabled: event.currentTarget.checked })}
        />
        {t("rules.enabled")}
      </label>
      {import.meta.env.FIREFOX && (
        <ContainerSelect
          id={`${base}-container`}
          label={t("rules.containerOf", named)}
          value={rule.container}
          containers={props.containers ?? []}
          onChange={(container) => {
            const { container: _old, ...rest } = rule;
            props.onChange(container ? { ...rest, container } : rest);
          }}
        />
      )}
      <div class="rule-actions">
        <button
          type="button"
          class="secondary small"
          ref={editButton}
          aria-label={t("rules.editOf", named)}
          disabled={editing}
          onClick={() => setEditing(true)}
        >
          {t("rules.edit")}
        </button>
        <button
          type="button"
          class="danger small"
          aria-label={t("rules.deleteOf", named)}
          onClick={props.onDelete}
        >
          {t("rules.delete")}
        </button>
        {MOVES.map(({ control, delta, label, labelOf, disabledAt }) => (
          <button
            key={control}
            type="button"
            class="secondary small"
            data-control={control}
            aria-label={t(labelOf, named)}
            disabled={position === (disabledAt === "first" ? 1 : count)}
            onClick={() => props.onMove(delta, control)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {health !== "ok" && (
        <p id={warningId} class="field-error rule-warning">
          {health === "shared"
            ? t("rules.shared", { endpoint: props.sharedGateway ?? "" })
            : t(health === "gone" ? "rules.gone" : "rules.expired")}
        </p>
      )}
    </li>
  );
}
