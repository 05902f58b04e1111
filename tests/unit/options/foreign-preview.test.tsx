/** The import preview in both languages: every item worded, every reason filled in, nothing left as a key. */
import { parseHTML } from "linkedom";
import { render } from "preact";
import { describe, expect, it } from "vitest";
import { ForeignPreview } from "../../../components/options/ForeignPreview";
import { TranslateContext } from "../../../components/options/shared";
import { optionsStrings } from "../../../lib/i18n/options-strings";
import { previewOf } from "../../../lib/import/preview";
import { readForeignFile } from "../../../lib/import/read-foreign";
import { foxyExport, omegaBackup } from "../import/fixtures";

const { document } = parseHTML("<!doctype html><html><body></body></html>");
(globalThis as { document?: unknown }).document = document;

function mount(value: unknown, language: "en" | "zh_CN") {
  const file = readForeignFile(JSON.stringify(value));
  if (file.kind !== "setup" || !file.read.ok) throw new Error("not read");
  const model = previewOf(file.read.setup, {
    tokens: [{ id: 9, host: "gw2.example.net", port: 1080, username: "lon" }],
    siteRules: [],
    bypassList: ["<local>"],
  });
  const root = document.createElement("div");
  document.body.append(root);
  render(
    <TranslateContext.Provider value={optionsStrings(language)}>
      <ForeignPreview
        format={file.read.setup.format}
        model={model}
        busy={false}
        keepRest={false}
        onKeepRest={() => undefined}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />
    </TranslateContext.Provider>,
    root as unknown as Element,
  );
  return root;
}

describe("ForeignPreview", () => {
  for (const language of ["en", "zh_CN"] as const) {
    it(`${language}: proxies, rules, bypass, the rest and each refusal, with no key or placeholder left`, () => {
      for (const file of [foxyExport(), omegaBackup()]) {
        const root = mount(file, language);
        const text = root.textContent ?? "";
        expect(text).not.toMatch(/\{\w+\}|foreign\.|backup\./);
        const skipped = root.querySelectorAll('[data-field="skipped"] li');
        expect(skipped.length).toBeGreaterThan(3);
        expect(root.querySelector("h4")?.textContent).toBeTruthy();
        // Each list has a name for assistive technology.
        for (const list of root.querySelectorAll("ul")) {
          expect(list.getAttribute("aria-label")).toBeTruthy();
        }
      }
    });
  }

  it("names a held proxy's token and a new one apart (en, zh)", () => {
    const en = mount(foxyExport(), "en").textContent ?? "";
    expect(en).toContain(
      "London: SOCKS5 gw2.example.net:1080, user lon → already here as token #9",
    );
    expect(en).toContain("Iceland: HTTP gw1.example.net:3128, user ice → a new token");
    expect(en).toContain("TOR: no username and password.");
    const zh = mount(foxyExport(), "zh_CN").textContent ?? "";
    expect(zh).toContain("London：SOCKS5 gw2.example.net:1080，用户 lon → 已存在，为令牌 #9");
    expect(zh).toContain("TOR：没有用户名和密码。");
  });
});
