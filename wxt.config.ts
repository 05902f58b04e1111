import preact from "@preact/preset-vite";
import { defineConfig } from "wxt";

// See https://wxt.dev/api/config.html
export default defineConfig({
  // Every entry point imports `browser` from webextension-polyfill (the stack's promise API).
  modules: ["@wxt-dev/webextension-polyfill"],
  vite: () => ({
    plugins: [preact()],
  }),
  manifest: ({ browser }) => ({
    name: "__MSG_extName__",
    description: "__MSG_extDescription__",
    default_locale: "en",
    permissions: [
      "storage",
      "proxy",
      "webRequest",
      "alarms",
      // Both browsers answer an HTTP gateway's 407 in webRequest.onAuthRequired.
      "webRequestAuthProvider",
      // What makes a switch between tokens on one gateway effective: Chrome drops its cached
      // proxy credentials (browsingData); Firefox rewrites Proxy-Authorization per request.
      ...(browser === "firefox" ? ["webRequestBlocking"] : ["browsingData"]),
    ],
    // Asked for only when the user turns WebRTC leak protection on in Options.
    optional_permissions: ["privacy"],
    host_permissions: ["<all_urls>"],
    action: { default_title: "__MSG_extName__" },
    commands: {
      "toggle-proxy": {
        suggested_key: { default: "Alt+Shift+P" },
        description: "Connect or disconnect the last used token",
      },
    },
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: { id: "proxy-deck@proxydeck.example", strict_min_version: "128.0" },
          },
        }
      : {}),
  }),
});
