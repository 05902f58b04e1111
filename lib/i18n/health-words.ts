/**
 * A health result in words (pure): the full sentence (Options' table, the popup's title) and
 * the short mark a popup row has room for. Options and the popup word results alike.
 */
import type { HealthOutcome } from "../health/health";
import { endpointKey, gatewaySpellings } from "../routing/plan";
import type { HealthT } from "./health-strings";

/**
 * The token whose login carries the user's traffic on this token's gateway (Chrome's applied
 * config: "host:port" → token id), for "not checked: gateway in use"; null when none is known
 * now (the config changed since the check).
 */
export function gatewayUser(
  token: { id: number; host: string; port: number },
  owners: Readonly<Record<string, number>>,
): number | null {
  for (const host of gatewaySpellings(token.host)) {
    const owner = owners[endpointKey(host, token.port)];
    if (owner !== undefined && owner !== token.id) return owner;
  }
  return null;
}

/** The result as a sentence: "Works: 42 ms", "Login refused: …". */
export function outcomeSentence(
  outcome: HealthOutcome,
  t: HealthT,
  /** For "gateway in use": the token carrying the traffic there (gatewayUser). */
  inUseBy: number | null = null,
): string {
  switch (outcome.kind) {
    case "ok":
      return t("health.ok", { ms: Math.round(outcome.latencyMs) });
    case "login-refused":
      return t("health.loginRefused");
    case "unreachable":
      return t("health.unreachable", { error: outcome.error });
    case "timeout":
      return t("health.timeout", { seconds: Math.round(outcome.afterMs / 1000) });
    case "failed":
      return t("health.failed", { error: outcome.error });
    case "not-checked":
      return outcome.why === "socks-in-chrome"
        ? t("health.socks")
        : t("health.gatewayInUse", { id: inUseBy ?? "…" });
  }
}

/** The short mark of a popup row: the latency of a working token, else a word or two. */
export function outcomeMark(outcome: HealthOutcome, t: HealthT): string {
  switch (outcome.kind) {
    case "ok":
      return t("health.ms", { ms: Math.round(outcome.latencyMs) });
    case "login-refused":
      return t("health.mark.loginRefused");
    case "unreachable":
      return t("health.mark.unreachable");
    case "timeout":
      return t("health.mark.timeout");
    case "failed":
      return t("health.mark.failed");
    case "not-checked":
      return t("health.mark.notChecked");
  }
}

/** The exit IP column: the address, what was not learned and why, or nothing. */
export function exitWords(outcome: HealthOutcome, t: HealthT): string {
  if (outcome.kind !== "ok") return "";
  return outcome.exitIp ?? t("health.exitUnknown");
}
