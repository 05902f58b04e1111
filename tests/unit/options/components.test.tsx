import { parseHTML } from "linkedom";
import { render } from "preact";
import { describe, expect, it } from "vitest";
import { KeyValueTable } from "../../../components/options/KeyValueTable";
import { QualityCard } from "../../../components/options/QualityCard";
import { TranslateContext } from "../../../components/options/shared";
import type { IpQuality } from "../../../lib/api";
import { optionsStrings } from "../../../lib/i18n/options-strings";

const { document } = parseHTML("<!doctype html><html><body></body></html>");
(globalThis as { document?: unknown }).document = document;

function mount(node: preact.ComponentChild, language: "en" | "zh_CN" = "en") {
  const root = document.createElement("div");
  document.body.append(root);
  render(
    <TranslateContext.Provider value={optionsStrings(language)}>{node}</TranslateContext.Provider>,
    root as unknown as Element,
  );
  return root;
}

const QUALITY: IpQuality = {
  ip: "203.0.113.7",
  scores: { reputation: 90, anonymity: 60, speed: 140, stability: 10, security: 75 },
  details: { blacklist_count: 2, abuse_reports: 0, spam_score: 12, threat_level: "medium" },
  average_score: 72.45,
  grade: "B",
  location: { country: "DE", country_name: "Germany", city: "Berlin" },
  is_datacenter: true,
  is_proxy: false,
  isp: "Example Hosting",
  asn: "AS64500",
};

describe("QualityCard", () => {
  it("draws the grade, bars, threat meaning and details", () => {
    const root = mount(<QualityCard quality={QUALITY} title="Quality of 203.0.113.7" />);
    const field = (name: string) => root.querySelector(`[data-field="${name}"]`)?.textContent;
    expect(root.querySelector(".grade")?.className).toContain("grade-B");
    expect(field("grade")).toBe("Grade B");
    expect(field("threat_level")).toBe("Threat level: Medium: use with care and monitoring");
    expect(field("average_score")).toBe("Average score 72.45 of 100");
    const bars = [...root.querySelectorAll(".bar-fill")].map((bar) => bar.getAttribute("style"));
    expect(bars).toEqual([
      "width:90%",
      "width:60%",
      "width:100%", // a server's 140 does not overflow
      "width:10%",
      "width:75%",
    ]);
    expect(field("blacklist_count")).toBe("2");
    expect(field("abuse_reports")).toBe("0");
    expect(field("spam_score")).toBe("12 of 100");
    expect(field("is_datacenter")).toBe("Yes");
    expect(field("is_proxy")).toBe("No");
    expect(field("is_residential")).toBe("Not reported");
    expect(field("location")).toBe("Berlin, Germany (DE)");
    expect(field("asn")).toBe("AS64500");
  });

  it("a minimal record (every optional part missing) still renders, in Chinese too", () => {
    const minimal: IpQuality = {
      ip: "2001:db8::1",
      scores: { reputation: 0, anonymity: 0, speed: 0, stability: 0, security: 0 },
      average_score: 0,
      grade: "F",
      isp: "",
    };
    const root = mount(<QualityCard quality={minimal} title="x" />, "zh_CN");
    expect(root.querySelector('[data-field="threat_level"]')?.textContent).toBe("威胁等级：未提供");
    expect(root.querySelector('[data-field="grade"]')?.textContent).toBe("等级 F");
  });
});

describe("KeyValueTable", () => {
  it("renders an unknown account shape as nested rows", () => {
    const root = mount(
      <KeyValueTable
        label="Quota"
        value={{
          code: 0,
          message: "success",
          data: { plan: "pro", requests: { used: 5, limit: null } },
        }}
      />,
    );
    const rows = [...root.querySelectorAll("tr")].map((row) =>
      [...row.children].map((cell) => cell.textContent?.trim()),
    );
    expect(rows).toContainEqual(["Plan", "pro"]);
    expect(rows).toContainEqual(["Used", "5"]);
    expect(rows).toContainEqual(["Limit", "—"]);
  });

  it("odd answers do not crash", () => {
    for (const value of [null, 42, "text", [], {}, [[[]]], { a: { b: { c: { d: {} } } } }]) {
      expect(() => mount(<KeyValueTable label="x" value={value} />)).not.toThrow();
    }
  });
});
