/**
 * The popup asks "which route does this tab's site take?" as soon as its first rows are out,
 * before the "this site" code has loaded: the line then shows as soon as it mounts, instead of
 * asking only then (measured: ~30 ms of the line's wait).
 */
import type { Reply } from "../../lib/protocol/commands";
import type { Send } from "../../lib/protocol/send";
import type { ActiveTab } from "./env";

export interface SiteAnswer {
  tab: ActiveTab | null;
  reply: Reply<"routeOf"> | null;
}

/** The early question, and whose page asked it (a page has one send). */
let early: { send: Send; answer: Promise<SiteAnswer> } | null = null;

export async function askSiteRoute(
  activeTab: () => Promise<ActiveTab | null>,
  send: Send,
): Promise<SiteAnswer> {
  const tab = await activeTab();
  return { tab, reply: tab ? await send({ type: "routeOf", ...tab }) : null };
}

/** Asked once, at the popup's first frame. */
export function askEarly(activeTab: () => Promise<ActiveTab | null>, send: Send): void {
  early ??= { send, answer: askSiteRoute(activeTab, send) };
}

/** The early answer of this page, once (later questions are asked afresh). */
export function takeEarlyAnswer(send: Send): Promise<SiteAnswer> | null {
  const asked = early;
  early = null;
  return asked?.send === send ? asked.answer : null;
}
