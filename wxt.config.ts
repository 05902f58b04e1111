import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import preact from "@preact/preset-vite";
import type { Plugin } from "vite";
import { defineConfig } from "wxt";
import { manifestCommands } from "./lib/keyboard/commands";
import { popupPages, popupStylesheet, popupTableFiles } from "./scripts/popup-first-files";

/**
 * No HTML from strings, anywhere in the build: the pages never use Preact's
 * dangerouslySetInnerHTML, so its one innerHTML write becomes a textContent write (text, never
 * markup). AMO's linter flags that write otherwise. Fails the build if Preact's code moves.
 */
function withoutInnerHtml(): Plugin {
  const write = "(u.innerHTML=h.__html)";
  return {
    name: "proxy-deck:no-inner-html",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]preact[\\/]dist[\\/]preact\.module\.js/.test(id)) return null;
      if (!code.includes(write)) throw new Error("Preact changed: update withoutInnerHtml()");
      return code.replace(write, "(u.textContent=h.__html)");
    },
  };
}

// See https://wxt.dev/api/config.html
export default defineConfig({
  // Every entry point imports `browser` from webextension-polyfill (the stack's promise API).
  modules: ["@wxt-dev/webextension-polyfill"],
  vite: () => ({
    plugins: [withoutInnerHtml(), preact()],
  }),
  hooks: {
    // Terser packs the popup's first-path module ~4% smaller than esbuild does (gzip), which
    // keeps it and the page under the popup's 20 kB budget (npm run bench prints the figure).
    // The other pages have no such budget, and esbuild minifies them in a third of the time
    // (a build: 24 → 12 CPU-s measured).
    "vite:build:extendConfig": (entrypoints, config) => {
      if (entrypoints.some((entry) => entry.type === "popup")) {
        config.build = { ...config.build, minify: "terser" };
      }
    },
    // The popup is built on its own, so what its first screen runs is one module file, not
    // the popup's chunk plus a chunk shared with the options page.
    "entrypoints:grouped": (_wxt, groups) => {
      for (const group of groups) {
        if (!Array.isArray(group) || group.length < 2) continue;
        const popup = group.findIndex((entry) => entry.type === "popup");
        if (popup >= 0) groups.push(group.splice(popup, 1));
      }
    },
    // The popup's language tables (see scripts/popup-first-files.ts).
    "build:publicAssets": (_wxt, files) => {
      files.push(...popupTableFiles());
    },
    // The popup pages, English and Chinese, each carrying its stylesheet and strings, from the
    // built page (its chunks' names are known now). The stylesheet's file is then unused.
    "build:done": async (wxt, output) => {
      const file = (name: string) => path.join(wxt.config.outDir, name);
      const html = await readFile(file("popup.html"), "utf8");
      const stylesheet = popupStylesheet(html);
      const pages = popupPages(html, await readFile(file(stylesheet), "utf8"));
      for (const page of pages) await writeFile(file(page.file), page.html);
      await rm(file(stylesheet));
      for (const step of output.steps) {
        step.chunks = step.chunks.filter((chunk) => chunk.fileName !== stylesheet);
      }
    },
  },
  manifest: ({ browser }) => ({
    name: "__MSG_extName__",
    description: "__MSG_extDescription__",
    default_locale: "en",
    permissions: [
      "storage",
      "proxy",
      "webRequest",
      "alarms",
      // One system notification per token before it expires or runs out of traffic.
      "notifications",
      // The page menu: "send this site through" a token, direct or nowhere (Firefox: "this tab only").
      "contextMenus",
      // Both browsers answer an HTTP gateway's 407 in webRequest.onAuthRequired.
      "webRequestAuthProvider",
      // The popup's "this site": the address of the tab the user opened it on, nothing more.
      "activeTab",
      // What makes a switch between tokens on one gateway effective: Chrome drops its cached
      // proxy credentials (browsingData); Firefox rewrites Proxy-Authorization per request.
      ...(browser === "firefox"
        ? // Site rules may name a container: its tabs go through the rule's token.
          ["webRequestBlocking", "contextualIdentities", "cookies"]
        : ["browsingData"]),
    ],
    // Asked for only when the user turns WebRTC leak protection on in Options.
    optional_permissions: ["privacy"],
    host_permissions: ["<all_urls>"],
    action: { default_title: "__MSG_extName__" },
    // Off, the last token, next/previous recent token, this site (lib/keyboard/commands.ts).
    commands: manifestCommands(),
    // The administrator's policy (storage.managed): Chrome reads only what this schema names.
    ...(browser === "firefox" ? {} : { storage: { managed_schema: "managed_schema.json" } }),
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: "proxy-deck@proxydeck.example",
              // 140: the first release that reads data_collection_permissions (and an ESR).
              strict_min_version: "140.0",
              // Nothing is collected: settings and tokens stay in this browser.
              data_collection_permissions: { required: ["none"] },
            },
            gecko_android: { strict_min_version: "142.0" },
          },
        }
      : {}),
  }),
});
