// page.evaluate callbacks run inside extension pages, where `chrome` exists.
declare const chrome: typeof import("@wxt-dev/browser").Browser;
