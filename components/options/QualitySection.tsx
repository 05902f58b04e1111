/** The quality card for the exit IP, or for any IP the user looks up. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { IpQuality } from "@/lib/api";
import { isIpAddress } from "@/lib/options/ip-address";
import { QualityCard } from "./QualityCard";
import { FieldError, Notice, send, useExplain, useT } from "./shared";

export function QualitySection({ exitIp }: { exitIp: string | null }) {
  const t = useT();
  const explain = useExplain();
  const [lookupText, setLookupText] = useState("");
  const [lookupIp, setLookupIp] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ip: string; quality: IpQuality } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const target = lookupIp ?? exitIp;

  useEffect(() => {
    if (!target) return;
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    void send({ type: "ipQuality", ip: target }).then((reply) => {
      if (request !== latest.current) return;
      setLoading(false);
      if (reply.ok) setResult({ ip: target, quality: reply.data });
      else {
        setResult(null);
        setError(explain(reply.failure));
      }
    });
  }, [target]);

  function lookUp(event: Event) {
    event.preventDefault();
    const ip = lookupText.trim();
    if (!isIpAddress(ip)) {
      setInputError(t("quality.badIp"));
      return;
    }
    setInputError(null);
    setLookupIp(ip);
  }

  const title = (ip: string) =>
    lookupIp === null ? t("quality.ofExit", { ip }) : t("quality.ofOther", { ip });

  return (
    <section id="quality" aria-labelledby="quality-heading" aria-busy={loading}>
      <h2 id="quality-heading">{t("quality.heading")}</h2>
      <form class="inline-form" onSubmit={lookUp} noValidate>
        <div class="field">
          <label for="lookup-ip">{t("quality.lookupLabel")}</label>
          <div class="row">
            <input
              id="lookup-ip"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellcheck={false}
              value={lookupText}
              aria-invalid={inputError ? "true" : undefined}
              aria-describedby={inputError ? "lookup-ip-error" : undefined}
              onInput={(e) => {
                setLookupText(e.currentTarget.value);
                setInputError(null);
              }}
            />
            <button type="submit">{t("quality.lookup")}</button>
            {lookupIp !== null && (
              <button
                type="button"
                class="secondary"
                onClick={() => {
                  setLookupIp(null);
                  setLookupText("");
                }}
              >
                {t("quality.backToExit")}
              </button>
            )}
          </div>
          <FieldError id="lookup-ip-error" message={inputError} />
        </div>
      </form>
      <p role="status" class="busy">
        {loading ? t("quality.loading") : ""}
      </p>
      {!target && <p class="hint">{t("quality.waiting")}</p>}
      <Notice
        notice={error ? { tone: "error", text: t("quality.failed", { reason: error }) } : null}
      />
      {result && result.ip === target && (
        <QualityCard quality={result.quality} title={title(result.ip)} />
      )}
    </section>
  );
}
