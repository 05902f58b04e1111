/** What the IP quality card draws, decided from the record (pure). */
import type { IpQuality } from "../api";

export type Grade = IpQuality["grade"];
export type ThreatLevel = "low" | "medium" | "high";

/** The spec's bands by average score, with inclusive lower bounds. */
export const GRADE_BANDS: readonly { grade: Grade; min: number; max: number }[] = [
  { grade: "A", min: 85, max: 100 },
  { grade: "B", min: 70, max: 84 },
  { grade: "C", min: 55, max: 69 },
  { grade: "D", min: 40, max: 54 },
  { grade: "F", min: 0, max: 39 },
];

/** The grade the average score falls in; the provider's own grade is what the card shows. */
export function gradeForScore(average: number): Grade {
  return GRADE_BANDS.find((band) => average >= band.min)?.grade ?? "F";
}

export const SCORE_NAMES = ["reputation", "anonymity", "speed", "stability", "security"] as const;
export type ScoreName = (typeof SCORE_NAMES)[number];

/** A bar's width in percent, clamped: a server that sends 140 must not break the layout. */
export const barPercent = (score: number): number =>
  Number.isFinite(score) ? Math.min(100, Math.max(0, Math.round(score))) : 0;

/** The band a single score falls in, for its bar colour. */
export const scoreBand = (score: number): Grade => gradeForScore(barPercent(score));

/** Yes / no / not reported, for the datacenter, proxy and residential flags. */
export const flagState = (value: boolean | undefined): "yes" | "no" | "unknown" =>
  value === undefined ? "unknown" : value ? "yes" : "no";

/** "City, Country (CC)" from whatever parts the record has. */
export function locationText(location: IpQuality["location"]): string {
  if (!location) return "";
  const country = location.country_name || location.country;
  const code = location.country_name && location.country ? ` (${location.country})` : "";
  return [location.city, `${country}${code}`].filter((part) => part.trim() !== "").join(", ");
}
