/**
 * Imported first by main.tsx: ES modules run in import order, so the first screen's reads start
 * before the rest of the popup's module (Preact, the views) has even been evaluated.
 */
import { extension } from "../../lib/popup/extension";
import { startFirstReads } from "../../lib/popup/first-reads";

export const first = startFirstReads(
  extension(),
  document.documentElement.lang === "zh-CN" ? "zh_CN" : "en",
  navigator.language,
);
