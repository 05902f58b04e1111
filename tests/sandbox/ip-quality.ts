/** IP quality records: a pure function of the address (location follows the owning token). */
import { ipHash, locate, networkFor } from "./ip-info";
import type { Token } from "./state";

export type Grade = "A" | "B" | "C" | "D" | "F";

/** Bands of the spec: A 85-100, B 70-84, C 55-69, D 40-54, F 0-39 (lower bound inclusive). */
export function gradeOf(average: number): Grade {
  if (average >= 85) return "A";
  if (average >= 70) return "B";
  if (average >= 55) return "C";
  if (average >= 40) return "D";
  return "F";
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
/** last_seen is drawn from the 90 days before this fixed instant, so records never change. */
const LAST_SEEN_ANCHOR = Date.UTC(2025, 5, 1);

export function qualityOf(ip: string, token: Token | undefined) {
  const h = ipHash(ip, "quality");
  const base = (h.readUInt16BE(0) % 1001) / 10; // 0.0-100.0, uniform: every grade occurs
  const jitter = (i: number) => ((h[2 + i] ?? 0) % 17) - 8; // -8..+8
  const scores = {
    reputation: clamp(base + jitter(0)),
    anonymity: clamp(base + jitter(1)),
    speed: clamp(base + jitter(2)),
    stability: clamp(base + jitter(3)),
    security: clamp(base + jitter(4)),
  };
  const values = Object.values(scores);
  const average = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
  const threat = average >= 70 ? "low" : average >= 45 ? "medium" : "high";
  const loc = locate(ip, token);
  const net = networkFor(ip, token);
  return {
    ip,
    scores,
    details: {
      blacklist_count: Math.floor((100 - average) / 12),
      abuse_reports: Math.floor(((100 - average) * ((h[8] ?? 0) % 5)) / 10),
      spam_score: clamp(100 - average + jitter(5)),
      threat_level: threat,
      last_seen: new Date(
        LAST_SEEN_ANCHOR - (h.readUInt32BE(12) % (90 * 86_400)) * 1000,
      ).toISOString(),
    },
    average_score: average,
    grade: gradeOf(average),
    location: {
      country: loc.countryCode,
      country_name: loc.countryName,
      city: loc.city.name,
      latitude: loc.city.lat,
      longitude: loc.city.lon,
    },
    is_datacenter: net.datacenter,
    is_proxy: token !== undefined || (h[9] ?? 0) % 4 === 0,
    is_residential: !net.datacenter,
    isp: net.org,
    asn: `AS${net.asn}`,
  };
}
