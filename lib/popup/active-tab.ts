/** The popup's active tab: its address, and on Firefox its container, which site rules may name. */
import type { Browser } from "@wxt-dev/browser";

export interface ActiveTab {
  url: string;
  /** Firefox: the tab's cookieStoreId when it is in a container. */
  container?: string;
  /** Its requests that failed since its page loaded come with the route. */
  tabId?: number;
}

/** Reads the active tab (the popup's activeTab grant); null when there is none. */
export const activeTabOf =
  (api: Pick<typeof Browser, "tabs">) => async (): Promise<ActiveTab | null> => {
    const [tab] = await api.tabs.query({ active: true, currentWindow: true });
    if (!tab?.url) return null;
    // Firefox's default store is no container.
    const store = (tab as { cookieStoreId?: string }).cookieStoreId;
    const tabId = typeof tab.id === "number" ? { tabId: tab.id } : {};
    return store && store !== "firefox-default"
      ? { url: tab.url, container: store, ...tabId }
      : { url: tab.url, ...tabId };
  };
