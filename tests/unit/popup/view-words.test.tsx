/**
 * The on-demand views carry their own words (off the popup's first path): each table is whole
 * in both languages, and a view's `t` finds its own keys and the popup's.
 */
import { describe, expect, it } from "vitest";
import { useCreateT } from "../../../components/popup/create-words";
import { useTrashT } from "../../../components/popup/trash-words";
import { addProxiesStrings } from "../../../lib/i18n/add-proxies-strings";
import { createStrings } from "../../../lib/i18n/create-strings";
import { en as popupEn } from "../../../lib/i18n/popup-strings-en";
import { zh as popupZh } from "../../../lib/i18n/popup-strings-zh";
import { thisSiteStrings } from "../../../lib/i18n/this-site-strings";
import { trashStrings } from "../../../lib/i18n/trash-strings";
import { fakeEnv, mount } from "./dom";

const tables = {
  create: createStrings,
  trash: trashStrings,
  "this site": thisSiteStrings,
  "add yours": addProxiesStrings,
};

describe("the views' own words", () => {
  for (const [view, table] of Object.entries(tables)) {
    it(`${view}: a Chinese sentence for every English one, and no key of the popup's own`, () => {
      const zh = table.zh as Record<string, string | undefined>;
      for (const key of Object.keys(table.en)) {
        expect(zh[key], key).toBeTruthy();
        expect(Object.hasOwn(popupEn, key), key).toBe(false);
      }
      expect(Object.keys(zh).sort()).toEqual(Object.keys(table.en).sort());
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
    for (const language of ["en", "zh_CN"] as const) {
      const popup = language === "en" ? popupEn : popupZh;
      const view = language === "en" ? "en" : "zh";
      const m = await mount(<Words />, fakeEnv(() => ({ ok: true, data: null }), { language }).env);
      expect(m.root.textContent).toBe(
        [createStrings[view].createTitle, popup.retry, trashStrings[view].restore, popup.undo].join(
          "|",
        ),
      );
      m.unmount();
    }
  });
});
