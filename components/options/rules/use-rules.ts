/**
 * The rule editor's text and its list: the stored rules, a draft that shows each change at
 * once, and saves sent one after another (each a patch against the list the last one stored,
 * or the whole ordered list).
 */
import { dequal } from "dequal";
import { useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type RulesT, rulesTranslate } from "@/lib/i18n/rules-strings";
import type { SiteRule } from "@/lib/routing/rules";
import { items } from "@/lib/storage/items";
import { read } from "@/lib/storage/read";
import { LanguageContext, send, useExplain, useStoredValue } from "../shared";

export function useRulesT(): RulesT {
  const language = useContext(LanguageContext);
  return useMemo(() => rulesTranslate(language), [language]);
}

const readSiteRules = () => read("siteRules");
const readSubscriptionStatus = () => read("subscriptionStatus");

/** How each subscribed list's fetches went (rule id → state), as stored. */
export const useSubscriptionStatus = () =>
  useStoredValue(items.subscriptionStatus, readSubscriptionStatus);

export interface RuleList {
  /** What the page shows: the stored rules, or the change being saved. */
  rules: SiteRule[] | undefined;
  /** Shows `next` at once and saves it; resolves to why it failed, or null. */
  save: (next: SiteRule[]) => Promise<string | null>;
}

/**
 * A change as the background takes it: against a list it has (`base`), the rules added or
 * changed, the new order and the rules removed, so the background lays it over whatever
 * changed elsewhere meanwhile (a rule removed there stays removed, one added there stays).
 * Never the whole list over the stored one: that would undo those changes, and sync would
 * carry the undoing to every browser. With no base (nothing read yet), the whole list.
 */
function sendChange(next: SiteRule[], base: SiteRule[] | undefined) {
  if (!base) return send({ type: "setSiteRules", rules: next });
  const before = new Map(base.map((rule) => [rule.id, rule]));
  const upsert = next.filter((rule) => !dequal(before.get(rule.id), rule));
  const order = next.map((r) => r.id);
  const kept = new Set(order);
  const removed = base.filter((rule) => !kept.has(rule.id)).map((rule) => rule.id);
  return send({ type: "patchSiteRules", upsert, order, removed });
}

export function useRuleList(): RuleList {
  const explain = useExplain();
  const stored = useStoredValue(items.siteRules, readSiteRules);
  const [draft, setDraft] = useState<SiteRule[]>();
  const saving = useRef(0);
  const latest = useRef(stored);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** The lists our saves sent since storage last showed the newest of them. */
  const sent = useRef<SiteRule[][]>([]);
  /** The list our last save stored: the next change is sent as a patch against it. */
  const lastSaved = useRef<SiteRule[]>();
  latest.current = stored;

  // Storage wins, except while our own saves are on their way (each carries the whole list),
  // and except for an older list of our own: a read started before our last save landed can
  // answer after it, and showing it would move rows under the user's focus and back.
  useEffect(() => {
    if (saving.current > 0 || !stored) return;
    const newest = sent.current.at(-1);
    if (newest && dequal(stored, newest)) sent.current = [];
    else if (sent.current.some((list) => dequal(list, stored))) return;
    // What is stored is shown, and the next change is a patch against it.
    lastSaved.current = undefined;
    setDraft(stored);
  }, [stored]);

  /**
   * After the last save: what is stored now, read after it landed. A change from elsewhere
   * (sync, the popup, a list's update) that arrived while saves were on their way was not
   * shown (storage's news is held back then), and the background laid our change over it.
   */
  async function catchUp(saved: SiteRule[]) {
    const now = await readSiteRules();
    if (saving.current > 0 || dequal(now, saved)) return;
    sent.current = [];
    // The next change is a patch against what is shown: a rule that arrived meanwhile and is
    // then deleted here is named as removed, not kept as one the page never saw.
    lastSaved.current = now;
    setDraft(now);
  }

  function save(next: SiteRule[]): Promise<string | null> {
    setDraft(next);
    sent.current = [...sent.current, next];
    saving.current++;
    const done = queue.current.then(async () => {
      const reply = await sendChange(next, lastSaved.current ?? latest.current);
      saving.current--;
      if (reply.ok) {
        lastSaved.current = next;
        if (saving.current === 0) await catchUp(next);
        return null;
      }
      lastSaved.current = undefined;
      // Back to what is stored: a later save in the queue may still replace it.
      if (saving.current === 0 && latest.current) {
        sent.current = [];
        setDraft(latest.current);
      }
      return explain(reply.failure);
    });
    queue.current = done;
    return done;
  }

  return { rules: draft ?? stored, save };
}
