/**
 * The on-demand views carry their own words (off the popup's first path): each table is whole
 * in both languages, and a view's `t` finds its own keys and the popup's.
 */
import { describe, expect, it } from "vitest";
import { useCreateT } from "../../../components/popup/create-words";
import { useTrashT } from "../../../components/popup/trash-words";
import { addProxiesStrings } from "../../../lib/i18n/add-proxies-strings";
import { createStrings } from "../../../lib/i18n/create-strings";
import { popupStrings } from "../../../lib/i18n/popup-strings";
import { en as popupEn } from "../../../lib/i18n/popup-strings-en";
import { thisSiteStrings } from "../../../lib/i18n/this-site-strings";
import { trashStrings } from "../../../lib/i18n/trash-strings";
import { catalogOf } from "../catalogs";
import { fakeEnv, mount } from "./dom";

const tables = {
  create: createStrings,
  trash: trashStrings,
  "this site": thisSiteStrings,
  "add yours": addProxiesStrings,
};

describe("the views' own words", () => {
  for (const [view, table] of Object.entries(tables)) {
    it(`${view}: no key of the popup's own (a view's key would hide the popup's)`, () => {
      for (const key of Object.keys(table.en)) {
        expect(Object.hasOwn(popupEn, key), key).toBe(false);
      }
    });
  }

  it("a view's t words its own keys and the popup's, in the page's language", async () => {
    function Words() {
      const create = useCreateT();
      const trash = useTrashT();
      return (
        <p>{[create("createTitle"), create("retry"), trash("restore"), trash("undo")].join("|")}</p>
      );
    }
    for (const language of ["en", "zh_CN", "ru"] as const) {
      const popup = popupStrings(language);
      const catalog = catalogOf(language);
      const own = (table: { name: string; en: Record<string, string> }, key: string) =>
        catalog[table.name]?.[key] ?? table.en[key];
      const m = await mount(<Words />, fakeEnv(() => ({ ok: true, data: null }), { language }).env);
      expect(m.root.textContent).toBe(
        [
          own(createStrings, "createTitle"),
          popup("retry"),
          own(trashStrings, "restore"),
          popup("undo"),
        ].join("|"),
      );
      if (language !== "en") expect(m.root.textContent).not.toContain(createStrings.en.createTitle);
      m.unmount();
    }
  });
});
