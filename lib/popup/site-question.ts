/**
 * The popup asks "which route does this tab's site take?" the moment its module starts
 * (entrypoints/popup/first.ts), beside its first storage read: the answer is in by the time
 * the first rows are out, so the "this site" line paints with them or a frame later instead of
 * asking only once its code has loaded.
 */
import type { Reply } from "../protocol/commands";
import type { Send } from "../protocol/send";
import type { ActiveTab } from "./active-tab";

export interface SiteAnswer {
  tab: ActiveTab | null;
  reply: Reply<"routeOf"> | null;
}

let early: Promise<SiteAnswer> | null = null;
/** The early answer once it is in: the line's first render can show it at once. */
let settled: SiteAnswer | null = null;

export async function askSiteRoute(
  activeTab: () => Promise<ActiveTab | null>,
  send: Send,
): Promise<SiteAnswer> {
  const tab = await activeTab();
  return { tab, reply: tab ? await send({ type: "routeOf", ...tab }) : null };
}

/** Asked once per page, as it opens. */
export function askEarly(activeTab: () => Promise<ActiveTab | null>, send: Send): void {
  if (early) return;
  const asked = askSiteRoute(activeTab, send);
  early = asked;
  void asked.then((answer) => {
    if (early === asked) settled = answer;
  });
}

/**
 * The early answer, once (later questions are asked afresh): the answer itself when it is in,
 * else its promise; null when none was asked.
 */
export function takeEarlyAnswer(): SiteAnswer | Promise<SiteAnswer> | null {
  const taken = settled ?? early;
  early = null;
  settled = null;
  return taken;
}

/** An answer the line can show: in, and not a failure (a failure is asked again). */
export const answerToShow = (answer: SiteAnswer | Promise<SiteAnswer> | null) =>
  answer && !(answer instanceof Promise) && answer.reply?.ok !== false ? answer : null;
