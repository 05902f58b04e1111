/**
 * Failures cross the boundary between the background and the pages as codes with parameters,
 * never as sentences: each page words them in its own language (lib/i18n/failure-strings.ts).
 * The same values are stored in the proxy status, so a page opened later can still say why.
 */
export type Failure =
  // The pages and the background
  | { code: "no-credentials" }
  | { code: "no-base-url" }
  | { code: "background-unreachable" }
  | { code: "malformed-command" }
  | { code: "internal" }
  // The provider's API (from ApiError)
  | { code: "api-network"; origin: string }
  | { code: "api-timeout"; seconds: number }
  | { code: "api-schema" }
  | { code: "api-too-large" }
  | { code: "api-redirect"; origin: string }
  | { code: "api-invalid-request"; detail: string }
  | { code: "api-rate-limited"; seconds: number }
  | { code: "api-bad-request"; reason: string }
  | { code: "api-unauthorized" }
  | { code: "api-unauthorized-basic" }
  | { code: "api-unauthorized-bearer" }
  | { code: "api-forbidden" }
  | { code: "api-not-found" }
  | { code: "api-server-error"; status: string }
  /** A proxy on the way answered 407: a question to the browser, not the provider's refusal. */
  | { code: "api-proxy-asked" }
  | { code: "api-refused"; status: string }
  /** The same with the provider's own reason (each language puts its own colon before it). */
  | { code: "api-refused-because"; status: string; reason: string }
  /** A create with no answer (none came, or none that could be read): it may have bought tokens. */
  | { code: "purchase-unanswered" }
  /** A second purchase while one waits for the provider's answer (it would pay twice). */
  | { code: "purchase-on-wire" }
  // The proxy engine
  | { code: "credentials-refused" }
  | { code: "proxy-unreachable"; host: string }
  | { code: "proxy-error"; error: string }
  | { code: "socks5-unsupported" }
  | { code: "controlled-by-other" }
  | { code: "token-missing" }
  | { code: "token-expired" }
  | { code: "address-pending" }
  | { code: "config-failed"; detail: string }
  | { code: "rules-config-failed"; detail: string }
  | { code: "gateway-shared"; endpoint: string }
  | { code: "site-rule-invalid"; position: number; pattern: string }
  | { code: "site-rules-full"; max: number }
  /** A change sent as a patch names a rule storage no longer has (changed meanwhile). */
  | { code: "site-rules-changed" }
  | { code: "no-tokens" }
  // The keyboard commands (lib/background/keyboard-commands.ts)
  | { code: "no-recent-token" }
  | { code: "not-connected" }
  | { code: "no-site" }
  | { code: "not-dynamic" }
  | { code: "exit-check-failed"; cause: string }
  | { code: "refresh-failed"; cause: string }
  // Token batches and backups
  | { code: "provider-refused-token" }
  | { code: "restore-window-passed" }
  | { code: "backup-missing-secrets" }
  // The administrator's policy (storage.managed)
  | { code: "policy-forbids-adding" };

export type FailureCode = Failure["code"];

/** A stored failure back as the union (its code was written by this code base). */
export const asFailure = (stored: StoredFailure): Failure => stored as Failure;

/** A failure as stored or received: a code and flat parameters (see failure-schema.ts). */
export type StoredFailure = { code: string } & { [param: string]: string | number };

/** A failure whose cause is another failure: the cause's code and parameters ride along flat. */
export function because<C extends "exit-check-failed" | "refresh-failed">(
  code: C,
  cause: Failure,
): Failure {
  const { code: causeCode, ...params } = cause;
  return { ...params, code, cause: causeCode } as Failure;
}

/** Failures the user fixes in Options: the pages add a link there. */
const FIXED_IN_OPTIONS: ReadonlySet<string> = new Set<FailureCode>([
  "no-credentials",
  "no-base-url",
  "api-network",
  "api-redirect",
  "api-invalid-request",
  "api-unauthorized",
  "api-unauthorized-basic",
  "api-unauthorized-bearer",
  "rules-config-failed",
]);

export const fixedInOptions = (failure: { code: string; cause?: unknown }): boolean =>
  FIXED_IN_OPTIONS.has(failure.code) ||
  (typeof failure.cause === "string" && FIXED_IN_OPTIONS.has(failure.cause));
