import { describe, expect, it } from "vitest";
import { addressOf, PAGES } from "../../../lib/options/pages";

describe("Options addresses", () => {
  it("starts a newcomer at the welcome and everyone else at the provider", () => {
    expect(addressOf("", false)).toEqual({ page: "welcome", section: null });
    expect(addressOf("", true)).toEqual({ page: "provider", section: null });
    expect(addressOf("#", true)).toEqual({ page: "provider", section: null });
  });

  it("opens each page by its own address", () => {
    for (const page of PAGES) expect(addressOf(`#${page.id}`, true).page).toBe(page.id);
    expect(addressOf("#welcome", true).page).toBe("welcome");
  });

  it("opens a section's page, scrolled to it: the one-page addresses still work", () => {
    expect(addressOf("#health", true)).toEqual({ page: "tokens", section: "health" });
    expect(addressOf("#site-rules", true)).toEqual({ page: "rules", section: "site-rules" });
    expect(addressOf("#backup", false)).toEqual({ page: "sync", section: "backup" });
    expect(addressOf("#credentials", false)).toEqual({
      page: "provider",
      section: "credentials",
    });
  });

  it("reads an unknown or mangled address as no address", () => {
    expect(addressOf("#nothing-here", true)).toEqual({ page: "provider", section: null });
    expect(addressOf("#%E0%A4%A", false)).toEqual({ page: "welcome", section: null });
  });

  it("gives every section one page", () => {
    const sections = PAGES.flatMap((page) => [...page.sections]);
    expect(new Set(sections).size).toBe(sections.length);
  });
});
