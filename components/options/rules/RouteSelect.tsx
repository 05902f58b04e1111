/** A route select: each token (label, host:port, country), Direct and Block. */
import { routeFromValue, routeOptions, routeValue } from "@/lib/options/rules-editor";
import type { Route } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import { useRulesT } from "./use-rules";

export function RouteSelect(props: {
  id: string;
  value: Route;
  tokens: readonly StoredToken[];
  now: number;
  onChange: (route: Route) => void;
  /** The accessible name when no visible label names it. */
  label?: string;
  describedBy?: string;
  invalid?: boolean;
  class?: string;
}) {
  const t = useRulesT();
  const options = routeOptions(props.tokens, props.now, t, props.value);
  return (
    <select
      id={props.id}
      class={props.class}
      value={routeValue(props.value)}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid ? "true" : undefined}
      onChange={(event) => {
        const route = routeFromValue(event.currentTarget.value);
        if (route) props.onChange(route);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </select>
  );
}
