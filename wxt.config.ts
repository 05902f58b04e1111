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
      // Chrome only: dropping the gateway's cached proxy credentials makes a switch effective.
      ...(browser === "firefox" ? [] : ["browsingData"]),
    ],
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
