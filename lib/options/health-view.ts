/**
 * What Options' "Token health" shows (pure): the tokens with their last results, sorted; the
 * run's progress line; and "the rest" a stopped or cancelled run left unchecked.
 */
import { PLAN_REQUESTS_PER_MINUTE, type Plan } from "../api/rate-limiter";
import type { HealthOutcome, HealthResults, HealthRun, TokenHealth } from "../health/health";
import type { HealthT } from "../i18n/health-strings";
import { proxyEndpoint } from "../state/token-facts";
import { tokenTag } from "../state/token-look";
import type { StoredToken } from "../state/tokens";

export type HealthSort = "fastest" | "result" | "id";
export const HEALTH_SORTS: readonly HealthSort[] = ["fastest", "result", "id"];

export interface HealthRow {
  token: StoredToken;
  health: TokenHealth | undefined;
}

/** Working first, then the refusals and failures a user acts on, then "not checked". */
const RESULT_RANK: Record<HealthOutcome["kind"], number> = {
  ok: 0,
  "login-refused": 1,
  unreachable: 2,
  timeout: 3,
  failed: 4,
  "not-checked": 5,
};
/** A token never checked comes after every result. */
const NO_RESULT_RANK = 6;

const rankOf = (health: TokenHealth | undefined) =>
  health ? RESULT_RANK[health.outcome.kind] : NO_RESULT_RANK;
const latencyOf = (health: TokenHealth | undefined) =>
  health?.outcome.kind === "ok" ? health.outcome.latencyMs : Number.POSITIVE_INFINITY;

/**
 * The rows in the order asked for; ties by token number, so the order is the same on every
 * render. Keys are computed once per row (10,000 tokens sort in a few ms).
 */
export function healthRows(
  tokens: readonly StoredToken[],
  results: HealthResults,
  sort: HealthSort,
): HealthRow[] {
  const keyed = tokens.map((token) => {
    const health = results[token.id];
    // Fastest first: working tokens by latency, then the rest by result.
    const primary = sort === "id" ? 0 : rankOf(health);
    const secondary = sort === "fastest" ? latencyOf(health) : 0;
    return { row: { token, health }, primary, secondary };
  });
  keyed.sort(
    (a, b) => a.primary - b.primary || a.secondary - b.secondary || a.row.token.id - b.row.token.id,
  );
  return keyed.map((k) => k.row);
}

/** The tokens a run did not reach: no result newer than its start ("Check the rest"). */
export function theRest(
  tokens: readonly StoredToken[],
  results: HealthResults,
  run: Pick<HealthRun, "startedAt">,
): number[] {
  return tokens
    .filter((token) => {
      const health = results[token.id];
      return !health || health.at < run.startedAt;
    })
    .map((token) => token.id);
}

/** Whole seconds until the rate limit lets the check go on; null when it does not wait. */
export function waitSeconds(run: HealthRun | null, now: number): number | null {
  if (run?.state !== "running" || run.waitingUntil === null) return null;
  const left = run.waitingUntil - now;
  return left > 0 ? Math.ceil(left / 1000) : null;
}

/** The waiting line, with the plan's figure the wait comes from (lib/api/rate-limiter.ts). */
export function waitingWords(seconds: number, plan: Plan, t: HealthT, locale = "en"): string {
  const name = t(`health.plan.${plan}`);
  const perMinute = PLAN_REQUESTS_PER_MINUTE[plan];
  const words = Number.isFinite(perMinute)
    ? t("health.planRate", { name, count: perMinute.toLocaleString(locale) })
    : t("health.planUnlimited", { name });
  return t("health.waiting", { plan: words, seconds });
}

/** The line under the progress bar once a run has ended; null while it runs. */
export function endedWords(run: HealthRun | null, t: HealthT): string | null {
  if (!run || run.state === "running") return null;
  const figures = { done: run.done, total: run.total };
  if (run.state === "stopped") return t("health.stopped", figures);
  if (run.state === "cancelled") return t("health.cancelled", figures);
  return t("health.done", figures);
}

/** How the user recognises a token here, as elsewhere: its number, country and kind. */
export function tokenName(token: StoredToken, t: HealthT): string {
  const place = token.country || token.countryCode;
  // The user's name (not the provider's token string), and the address: two tokens of one
  // country and kind differ there.
  return [tokenTag(token), place, t(`health.kind.${token.kind}`), proxyEndpoint(token)]
    .filter(Boolean)
    .join(" · ");
}
