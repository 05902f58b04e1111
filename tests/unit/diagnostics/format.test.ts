import { describe, expect, it } from "vitest";
import { formatDiagnostics, formatEvent } from "../../../lib/diagnostics/format";

const header = {
  version: "0.1.0",
  browser: "Firefox 153.0 (Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0)",
  language: "de",
  browserLanguage: "de-DE",
  now: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
};

describe("the diagnostics as copied", () => {
  it("a header, then one event a line, oldest first, at ISO times", () => {
    const text = formatDiagnostics(header, [
      { at: Date.UTC(2026, 0, 2, 3, 0, 0), kind: "wake", where: "background", text: "started" },
      {
        at: Date.UTC(2026, 0, 2, 3, 1, 0),
        kind: "auth",
        where: "auth",
        text: "gw.test:8000 refused token #3's sign-in",
        repeat: 4,
      },
    ]);
    expect(text.split("\n")).toEqual([
      "Proxy Deck diagnostics",
      "Version: 0.1.0",
      `Browser: ${header.browser}`,
      "Language: de (browser: de-DE)",
      "Copied: 2026-01-02T03:04:05.006Z",
      "Events: 2, oldest first",
      "",
      "2026-01-02T03:00:00.000Z wake     background: started",
      "2026-01-02T03:01:00.000Z auth     auth: gw.test:8000 refused token #3's sign-in (×4)",
      "",
    ]);
  });

  it("no events: the header says so", () => {
    expect(formatDiagnostics(header, [])).toContain("Events: 0, oldest first\n");
  });

  it("a time that is no date is shown as it is, not thrown", () => {
    expect(formatEvent({ at: Number.MAX_VALUE, kind: "error", where: "x", text: "y" })).toMatch(
      /^1\.7976931348623157e\+308 error/,
    );
  });
});
