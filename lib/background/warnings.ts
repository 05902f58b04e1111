/**
 * One system notification per token and threshold (expires soon, 90% of traffic), never
 * repeated: what was shown is remembered (notifiedWarnings) before it is shown, so a worker
 * stopped in between cannot show it twice.
 */

import { recordedAs } from "../diagnostics/record";
import { resolveLanguage } from "../i18n";
import { badgeStrings } from "../i18n/badge-strings";
import { relativeTime } from "../i18n/time";
import { unnotifiedWarnings, warningKey } from "../state/token-warnings";
import { readState } from "../storage/read";
import { updateState } from "../storage/store";

export const WARNINGS_ALARM = "token-warnings";

export interface Notifier {
  create(
    id: string,
    options: { type: "basic"; iconUrl: string; title: string; message: string },
  ): Promise<unknown>;
}

export async function notifyWarnings(notifications: Notifier, now: number): Promise<number> {
  const { settings } = await readState(["settings"]);
  const due = await updateState(["tokens", "notifiedWarnings"], ({ tokens, notifiedWarnings }) => {
    const fresh = unnotifiedWarnings(tokens, now, settings.warnDays, notifiedWarnings);
    // Keys of tokens no longer held are dropped: the list stays as long as the token list.
    const held = new Set(tokens.map((t) => String(t.id)));
    const kept = notifiedWarnings.filter((key) => held.has(key.split(":")[0] ?? ""));
    return {
      write: {
        notifiedWarnings: [...kept, ...fresh.map((f) => warningKey(f.token.id, f.warning))],
      },
      result: fresh,
    };
  });
  const language = resolveLanguage(settings.language, globalThis.navigator?.language ?? "");
  const t = badgeStrings(language);
  for (const { token, warning } of due) {
    const place = [token.city, token.country].filter(Boolean).join(", ") || token.host;
    const values = {
      id: token.id,
      place,
      when: relativeTime(token.expiresAt ?? now, now, language),
      percent: Math.floor(((token.trafficUsed ?? 0) / Math.max(1, token.trafficQuota ?? 1)) * 100),
    };
    await notifications
      .create(`proxy-deck-${warningKey(token.id, warning)}`, {
        type: "basic",
        iconUrl: "icons/128.png",
        title: t(`notify.${warning}.title`),
        message: t(`notify.${warning}.body`, values),
      })
      .catch(recordedAs("warnings:notify")); // one that cannot be shown must not stop the others
  }
  return due.length;
}
