/**
 * The options page's pages: its sections grouped as users look for them, each page with an
 * address (`options.html#tokens`) so a link, a notification or the popup can open it. A
 * section's own id (`#health`, `#traffic`, the addresses of the one-page Options) still
 * works: it opens the page that holds the section, scrolled to it.
 */

export const PAGE_IDS = [
  "welcome",
  "provider",
  "exit",
  "tokens",
  "rules",
  "traffic",
  "sync",
  "settings",
] as const;
export type PageId = (typeof PAGE_IDS)[number];

/** Each page and the sections it holds, in the sidebar's order. */
export const PAGES = [
  { id: "provider", sections: ["credentials", "account"] },
  { id: "exit", sections: ["exit-ip", "quality"] },
  { id: "tokens", sections: ["token-looks", "health", "add-proxies"] },
  { id: "rules", sections: ["site-rules", "rules-help", "rules-import", "rules-subscribe"] },
  { id: "traffic", sections: ["traffic"] },
  { id: "sync", sections: ["sync", "backup"] },
  { id: "settings", sections: ["settings", "support"] },
] as const satisfies readonly { id: PageId; sections: readonly string[] }[];

export type SectionId = (typeof PAGES)[number]["sections"][number];

export interface Address {
  page: PageId;
  /** The section to scroll to, when the address named one. */
  section: string | null;
}

/**
 * The page an address opens. Without one (or with one this version does not know), a newcomer
 * without credentials starts at the welcome, everyone else at the provider's page.
 */
export function addressOf(hash: string, hasCredentials: boolean): Address {
  const name = decoded(hash.replace(/^#/, ""));
  const start: PageId = hasCredentials ? "provider" : "welcome";
  if (name === "") return { page: start, section: null };
  const page = PAGE_IDS.find((id) => id === name);
  if (page) return { page, section: null };
  const holder = PAGES.find((page) => (page.sections as readonly string[]).includes(name));
  return holder ? { page: holder.id, section: name } : { page: start, section: null };
}

/** A mangled escape (typed or pasted by hand) reads as no address, not as a crash. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Mangled: no address (see above).
    return "";
  }
}
