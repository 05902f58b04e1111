/**
 * One failure said once in the create form: the region and plan lookups ask the same provider,
 * so when they fail alike (the provider down, a refused login) the form shows the sentence and
 * its "Try again" once, and that one button asks every lookup again.
 */
import { createContext } from "preact";
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import type { Failure } from "../../lib/base/failure";

interface Trouble {
  report(source: string, failure: Failure | null): void;
  /** The failures reported, in the order they came: the first of each kind says it. */
  failures: readonly { source: string; code: string }[];
  retries: number;
  retryAll(): void;
}

const TroubleContext = createContext<Trouble | null>(null);
export const TroubleProvider = TroubleContext.Provider;

/** The form's side: what its lookups reported, and the one retry they share. */
export function useTroubleHost(): Trouble {
  const [failures, setFailures] = useState<Trouble["failures"]>([]);
  const [retries, setRetries] = useState(0);
  return useMemo(
    () => ({
      failures,
      retries,
      report: (source, failure) =>
        setFailures((list) => {
          const rest = list.filter((f) => f.source !== source);
          return failure ? [...rest, { source, code: failure.code }] : rest;
        }),
      retryAll: () => setRetries((n) => n + 1),
    }),
    [failures, retries],
  );
}

/**
 * A lookup's side: reports its failure; `says` is false while an earlier lookup already says
 * the same. Outside a form that shares (a picker alone), it says its own and retries itself.
 */
export function useLookupTrouble(source: string, failure: Failure | null) {
  const trouble = useContext(TroubleContext);
  const [ownRetries, setOwnRetries] = useState(0);
  const report = trouble?.report;
  useEffect(() => {
    report?.(source, failure);
    return () => report?.(source, null);
  }, [report === undefined, source, failure?.code]);
  const first = trouble?.failures.find((f) => f.code === failure?.code);
  return {
    says: failure !== null && (first === undefined || first.source === source),
    retries: trouble ? trouble.retries : ownRetries,
    retry: trouble ? trouble.retryAll : () => setOwnRetries((n) => n + 1),
  };
}
