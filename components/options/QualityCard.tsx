/** An IP quality record drawn: grade badge, five score bars, threat level, the details. */
import type { IpQuality } from "@/lib/api";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import { barPercent, flagState, locationText, SCORE_NAMES, scoreBand } from "@/lib/options/quality";
import { Facts, formatInstant, useLocale, useT } from "./shared";

export function QualityCard({ quality, title }: { quality: IpQuality; title: string }) {
  const t = useT();
  const locale = useLocale();
  const details = quality.details ?? {};
  const threat = details.threat_level;
  const flag = (value: boolean | undefined) => {
    const state = flagState(value);
    return state === "yes" ? t("common.yes") : state === "no" ? t("common.no") : "";
  };
  return (
    <article class="quality-card" aria-labelledby="quality-card-title" data-ip={quality.ip}>
      <h3 id="quality-card-title">{title}</h3>
      <div class="quality-top">
        <p class={`grade grade-${quality.grade}`} data-field="grade" data-value={quality.grade}>
          <span class="visually-hidden">{t("quality.grade")} </span>
          {quality.grade}
        </p>
        <div class="quality-summary">
          <p class="average" data-field="average_score">
            {t("quality.average", { score: formatScore(quality.average_score) })}
          </p>
          <p
            class={`threat threat-${threat ?? "unknown"}`}
            data-field="threat_level"
            data-value={threat ?? ""}
          >
            {t("quality.threat", {
              meaning: threat ? t(`quality.threat.${threat}` as OptionsKey) : t("common.unknown"),
            })}
          </p>
        </div>
      </div>

      <h4 class="scores-title">{t("quality.scores")}</h4>
      <ul class="scores">
        {SCORE_NAMES.map((name) => {
          const score = quality.scores[name];
          return (
            <li key={name} data-score={name}>
              <span class="score-name">{t(`quality.score.${name}` as OptionsKey)}</span>
              <span class="bar" aria-hidden="true">
                <span
                  class={`bar-fill band-${scoreBand(score)}`}
                  style={{ width: `${barPercent(score)}%` }}
                />
              </span>
              <span class="score-value" data-value={score}>
                {formatScore(score)}
              </span>
            </li>
          );
        })}
      </ul>

      <Facts
        class="quality-facts"
        rows={[
          {
            field: "blacklist_count",
            label: t("quality.blacklists"),
            value: num(details.blacklist_count),
          },
          { field: "abuse_reports", label: t("quality.abuse"), value: num(details.abuse_reports) },
          {
            field: "spam_score",
            label: t("quality.spam"),
            value:
              details.spam_score === undefined
                ? ""
                : t("quality.spamValue", { score: formatScore(details.spam_score) }),
          },
          {
            field: "is_datacenter",
            label: t("quality.datacenter"),
            value: flag(quality.is_datacenter),
          },
          { field: "is_proxy", label: t("quality.proxy"), value: flag(quality.is_proxy) },
          {
            field: "is_residential",
            label: t("quality.residential"),
            value: flag(quality.is_residential),
          },
          { field: "isp", label: t("quality.isp"), value: quality.isp },
          { field: "asn", label: t("quality.asn"), value: quality.asn ?? "" },
          {
            field: "location",
            label: t("quality.location"),
            value: locationText(quality.location),
          },
          {
            field: "last_seen",
            label: t("quality.lastSeen"),
            value: details.last_seen ? formatInstant(details.last_seen, locale) : "",
          },
        ]}
      />
    </article>
  );
}

const num = (value: number | undefined) => (value === undefined ? "" : String(value));

/** Whole scores as they are; fractions to at most two places. */
const formatScore = (value: number) =>
  Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
