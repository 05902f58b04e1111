/**
 * The popup's "Check all": a compact button, Cancel and a slim progress line while a check
 * runs, and the health marks of the rows (handed up through `onMarks`). Loaded in its own chunk
 * once the first rows are out, with its words; its storage reads come then too, never in the
 * popup's first read (lib/popup/first-reads.ts).
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { isRecord } from "../../lib/base/is-record";
import type { HealthResults, HealthRun } from "../../lib/health/health";
import { healthTranslate } from "../../lib/i18n/health-strings";
import { extension } from "../../lib/popup/extension";
import {
  type HealthMark,
  healthMarks,
  readResults,
  readRun,
  runningLine,
} from "../../lib/popup/health-marks";
import type { Notice } from "../../lib/popup/outcome";
import type { StoredToken } from "../../lib/state/tokens";
import { useEnv } from "./env";
import "./health.css";
import { recordedAs } from "../../lib/diagnostics/record";

const RESULTS = "tokenHealth";
const RUN = "healthRun";
const OWNERS = "gatewayOwners";

const ownersOf = (raw: unknown): Record<string, number> =>
  isRecord(raw) ? (raw as Record<string, number>) : {};

/** The stored results, run and gateway owners, read now and again on each change of theirs. */
function useStoredHealth() {
  const [results, setResults] = useState<HealthResults>({});
  const [run, setRun] = useState<HealthRun | null>(null);
  const [owners, setOwners] = useState<Record<string, number>>({});
  useEffect(() => {
    const api = extension();
    let live = true;
    void api.storage.local
      .get(RESULTS)
      .then((got) => live && setResults(readResults(got[RESULTS])));
    void api.storage.session
      .get([RUN, OWNERS])
      .then((got) => {
        if (!live) return;
        setRun(readRun(got[RUN]));
        setOwners(ownersOf(got[OWNERS]));
      })
      .catch(recordedAs("health:read"));
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      // The results text is parsed once per change, not per render.
      if (area === "local" && RESULTS in changes)
        setResults(readResults(changes[RESULTS]?.newValue));
      if (area === "session" && RUN in changes) setRun(readRun(changes[RUN]?.newValue));
      if (area === "session" && OWNERS in changes) setOwners(ownersOf(changes[OWNERS]?.newValue));
    };
    api.storage.onChanged.addListener(listener);
    return () => {
      live = false;
      api.storage.onChanged.removeListener(listener);
    };
  }, []);
  return { results, run, owners };
}

export function HealthBar({
  tokens,
  onMarks,
  notify,
}: {
  tokens: StoredToken[];
  onMarks: (marks: ReadonlyMap<number, HealthMark>) => void;
  notify: (notice: Notice) => void;
}) {
  const { send, explain, language } = useEnv();
  const t = useMemo(() => healthTranslate(language), [language]);
  const { results, run, owners } = useStoredHealth();
  useEffect(
    () => onMarks(healthMarks(tokens, results, owners, t)),
    [tokens, results, owners, t, onMarks],
  );
  const line = runningLine(run, t);

  const ask = async (type: "checkHealth" | "cancelHealth") => {
    const reply = await send({ type });
    if (!reply.ok) notify({ tone: "error", lines: [explain(reply.failure)], items: [] });
  };

  return (
    <div class="health-bar">
      {line === null ? (
        <button type="button" class="btn" onClick={() => void ask("checkHealth")}>
          {t("health.checkAll")}
        </button>
      ) : (
        <>
          <progress
            max={Math.max(run?.total ?? 1, 1)}
            value={run?.done ?? 0}
            aria-label={t("health.progressLabel")}
          />
          <span role="status" class="health-line">
            {line}
          </span>
          <button type="button" class="btn" onClick={() => void ask("cancelHealth")}>
            {t("health.cancel")}
          </button>
        </>
      )}
    </div>
  );
}
