/**
 * The one writer of the toolbar's badge and title (the status badge: badge.ts says what it
 * shows). Both browsers' action APIs take the same three calls.
 */
import type { Badge } from "./platform";

export interface ActionApi {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
  setTitle(details: { title: string }): Promise<void>;
}

export async function writeBadge(action: ActionApi, badge: Badge): Promise<void> {
  await Promise.all([
    action.setBadgeText({ text: badge.text }),
    action.setBadgeBackgroundColor({ color: badge.color }),
    action.setTitle({ title: badge.title }),
  ]);
}
