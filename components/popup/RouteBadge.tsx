import type { PopupT } from "../../lib/i18n/popup-strings";
import { sayStatus } from "../../lib/i18n/status-words";
import type { RouteStatus } from "../../lib/state/route-status";

const BADGE_TONE: Partial<Record<RouteStatus["kind"], string>> = {
  through: "badge badge--ok",
  blocked: "badge badge--blocked",
  failing: "badge badge--warn",
  foreign: "badge badge--warn",
};

/** The active row's state in the top line's words: "through" only once a request proved it. */
export function RouteBadge({ state, t }: { state: RouteStatus | undefined; t: PopupT }) {
  if (!state) return null;
  return (
    <span class={BADGE_TONE[state.kind] ?? "badge"} data-status={state.kind}>
      {sayStatus(t, state)}
    </span>
  );
}
