import type { Browser } from "@wxt-dev/browser";
import { apiForSettings } from "@/lib/background/api-for-settings";
import { createCommandHandler } from "@/lib/background/commands";
import { commandSchema, isOwnPage, type Reply } from "@/lib/protocol/messages";
import {
  AUTO_REFRESH_ALARM,
  autoRefreshPeriod,
  syncAutoRefreshAlarm,
} from "@/lib/proxy/auto-refresh";
import { createChromePlatform, registerChromeAuth } from "@/lib/proxy/chrome";
import { createEngine } from "@/lib/proxy/engine";
import { createFirefoxRouting, type FirefoxApi } from "@/lib/proxy/firefox";
import { proxyProblem } from "@/lib/proxy/proxy-error";
import { items, readConnection, readSettings, readTokens } from "@/lib/state/storage";

export default defineBackground(() => {
  // Every listener below is registered synchronously, before any await: an event that wakes
  // a stopped worker is delivered only to listeners added in the first turn.
  const chrome = (globalThis as unknown as { chrome: typeof Browser }).chrome;
  const firefox = import.meta.env.FIREFOX
    ? createFirefoxRouting(browser as unknown as FirefoxApi)
    : null;
  const platform = firefox ? firefox.platform : createChromePlatform(chrome);
  const engine = createEngine({ platform, api: apiForSettings });
  const handle = createCommandHandler({ engine, api: apiForSettings });

  const onProxyError = (error: string) => {
    const problem = proxyProblem(error);
    void engine.reportProxyProblem(problem.code, problem.message);
  };
  const onRefused = (message: string) => engine.reportProxyProblem("credentials-refused", message);
  if (firefox) firefox.register(onProxyError, onRefused);
  else {
    registerChromeAuth(chrome, onRefused);
    chrome.proxy.onProxyError.addListener((details) => onProxyError(details.error));
  }

  browser.runtime.onMessage.addListener((message: unknown, sender): Promise<Reply> | undefined => {
    if (!isOwnPage(sender, browser.runtime.id, browser.runtime.getURL("/"))) return undefined;
    const parsed = commandSchema.safeParse(message);
    if (!parsed.success)
      return Promise.resolve({ ok: false, error: "Proxy Deck received a malformed command." });
    return handle(parsed.data).finally(syncAlarm);
  });

  browser.commands.onCommand.addListener((name) => {
    if (name === "toggle-proxy") void engine.toggle().finally(syncAlarm);
  });

  browser.alarms.onAlarm.addListener(async (alarm) => {
    if (alarm.name !== AUTO_REFRESH_ALARM) return;
    const { activeTokenId } = await readConnection();
    if (activeTokenId !== null) await engine.refreshIp(activeTokenId);
  });

  // Bypass list or credentials changed in Options: re-apply.
  items.settings.watch(() => void engine.reconcile().finally(syncAlarm));
  browser.proxy.settings.onChange.addListener(() => void engine.reconcile());

  // onStartup/onInstalled are not enough: a relaunch with --load-extension re-installs without
  // onStartup, and a worker woken by a challenge gets neither. Reconcile on every wake.
  void engine.reconcile().finally(syncAlarm);

  async function syncAlarm(): Promise<void> {
    const [settings, { activeTokenId }, tokens] = await Promise.all([
      readSettings(),
      readConnection(),
      readTokens(),
    ]);
    const active = tokens.find((t) => t.id === activeTokenId);
    await syncAutoRefreshAlarm(browser.alarms, autoRefreshPeriod(settings, active));
  }
});
