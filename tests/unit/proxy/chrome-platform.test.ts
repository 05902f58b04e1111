/**
 * Chrome's platform: which requests skip the proxy. Chrome never hands a PAC script a loopback
 * address, so while the written config is a PAC script (site rules, a health check's probes)
 * a provider on loopback is reached direct even with `<-loopback>`: an exit check then proves
 * nothing about the token, and must be labelled direct.
 */
import { describe, expect, it } from "vitest";
import { type ChromeApi, createChromePlatform } from "../../../lib/proxy/chrome";
import { planRouting } from "../../../lib/routing/plan";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { makeToken } from "../stored-token";

function fakeChrome() {
  let value: unknown = null;
  const chrome = {
    proxy: {
      settings: {
        get: async () => ({ value, levelOfControl: "controlled_by_this_extension" }),
        set: async (details: { value: unknown }) => {
          value = details.value;
        },
        clear: async () => {
          value = null;
        },
      },
    },
    browsingData: { remove: async () => undefined },
  };
  return { chrome: chrome as unknown as ChromeApi, written: () => value };
}

const settings = { ...DEFAULT_SETTINGS, bypassList: ["<-loopback>"] };
const token = makeToken({ id: 1, host: "gw.example.net" });

describe("createChromePlatform: bypasses", () => {
  it("one proxy with <-loopback>: loopback goes through it", async () => {
    const { chrome } = fakeChrome();
    const platform = createChromePlatform(chrome);
    await platform.apply(token, settings);
    expect(platform.bypasses("http://127.0.0.1/", settings)).toBe(false);
    expect(platform.bypasses("http://example.com/", settings)).toBe(false);
  });

  it("a PAC script (site rules): loopback goes direct whatever <-loopback> says", async () => {
    const { chrome, written } = fakeChrome();
    const platform = createChromePlatform(chrome);
    const plan = planRouting({
      rules: [
        {
          id: "r",
          enabled: true,
          source: { type: "pattern", text: "a.example" },
          route: { kind: "direct" },
        },
      ],
      tokens: [token],
      defaultTokenId: token.id,
      unusable: () => null,
      oneLoginPerEndpoint: true,
    });
    await platform.applyPlan?.(plan, settings);
    expect(written()).toMatchObject({ mode: "pac_script" });
    expect(platform.bypasses("http://127.0.0.1/", settings)).toBe(true);
    expect(platform.bypasses("http://localhost/", settings)).toBe(true);
    expect(platform.bypasses("http://example.com/", settings)).toBe(false);
  });

  it("while a health check's probe PAC is written, and not after it", async () => {
    const { chrome } = fakeChrome();
    const platform = createChromePlatform(chrome);
    await platform.apply(token, settings);
    await platform.probes.open([{ host: "gw.example.net.", port: 8000 }]);
    expect(platform.bypasses("http://127.0.0.1/", settings)).toBe(true);
    await platform.probes.close();
    expect(platform.bypasses("http://127.0.0.1/", settings)).toBe(false);
  });
});
