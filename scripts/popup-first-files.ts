/**
 * Files the popup loads before its own modules, written at build (wxt.config.ts): the early
 * script (lib/popup/early-start.ts as a plain classic script, no framework wrapper) and, per
 * language, two table scripts: the popup's strings and its failure sentences. Also the Chinese
 * popup page: popup.html naming the Chinese strings (the background opens the page of the
 * user's language, lib/background/popup-page.ts).
 */
import path from "node:path";
import { build, type Rollup } from "vite";
import { tableScript } from "../lib/i18n/popup-pack";
import { pack as en } from "../lib/i18n/popup-pack-en";
import { pack as zh } from "../lib/i18n/popup-pack-zh";

export async function popupFirstFiles(): Promise<{ relativeDest: string; contents: string }[]> {
  const built = (await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      lib: { entry: path.resolve("lib/popup/early-start.ts"), formats: ["iife"], name: "early" },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(built) ? built[0] : built)?.output[0];
  if (chunk?.type !== "chunk") throw new Error("popup-early.js was not built");
  return [
    { relativeDest: "popup-early.js", contents: chunk.code },
    ...[en, zh].flatMap(({ language, popup, failures }) => {
      const code = language === "zh_CN" ? "zh" : "en";
      const file = (name: string, table: object) => ({
        relativeDest: `${name}-${code}.js`,
        contents: tableScript(`/${name}-${code}.js`, table),
      });
      return [
        file("popup-pack", { language, popup }),
        file("popup-failures", { language, failures }),
      ];
    }),
  ];
}

/** popup-zh.html from the built popup.html: the same page, in Chinese, naming its strings. */
export function chinesePopupPage(html: string): string {
  const english = '<script async src="/popup-pack-en.js"></script>';
  if (!html.includes(english) || !html.includes('<html lang="en">')) {
    throw new Error("popup.html changed: update chinesePopupPage()");
  }
  return html
    .replace(english, '<script async src="/popup-pack-zh.js"></script>')
    .replace('<html lang="en">', '<html lang="zh-CN">');
}
