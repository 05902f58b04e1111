/**
 * The background's wiring: every listener is registered synchronously, before any await, since
 * an event that wakes a stopped worker is delivered only to listeners added in its first turn.
 * Then the browser is reconciled with storage, on every wake.
 */
import type { Browser } from "@wxt-dev/browser";
import type { WxtBrowser } from "wxt/browser";
import { recordedAs } from "../diagnostics/record";
import { isOwnPage } from "../protocol/sender";
import { AUTO_REFRESH_ALARM } from "../proxy/auto-refresh";
import { createChromePlatform } from "../proxy/chrome";
import { createEngine, type EngineResult } from "../proxy/engine";
import { EXPIRY_ALARM } from "../proxy/expiry-alarm";
import { createFirefoxRouting, type FirefoxApi } from "../proxy/firefox";
import { recordFreshInstall } from "../proxy/gateway-owners";
import type { Route } from "../routing/rules";
import { summarize } from "../state/popup-summary";
import type { Settings } from "../state/settings";
import { unusableReason } from "../state/usable";
import { keepDecoded } from "../storage/decoded-memo";
import { items } from "../storage/items";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import { apiForSettings, loadRefreshMethods } from "./api-for-settings";
import { coalesced } from "./coalesced";
import { createCommandHandler } from "./commands";
import { startPageMenu } from "./context-menu";
import { startDiagnostics } from "./diagnostics";
import { createFailureBadge } from "./failure-badge";
import { createHealthCheck } from "./health-check";
import { createKeyboardCommands } from "./keyboard-commands";
import { listSender } from "./list-sender";
import { openMessageDoor } from "./message-door";
import { createMutationTracker } from "./mutations";
import { startPolicy } from "./policy";
import { popupPageFollower } from "./popup-page-follower";
import { startProxyAuth } from "./proxy-auth";
import { redirectWatcher } from "./redirect-watch";
import { siteRouteNow, tokenNow } from "./site-route-now";
import { createSubscriptions, SUBSCRIPTIONS_ALARM } from "./subscriptions";
import { startSync } from "./sync";
import { startTabTitles } from "./tab-titles";
import { syncTokenAlarms } from "./token-alarms";
import { startTraffic } from "./traffic";
import { cachedTrafficRouting, watchTrafficRouting } from "./traffic-routing";
import { keepUnwatchedFailure } from "./unwatched-failure";
import { notifyWarnings, WARNINGS_ALARM } from "./warnings";
import { welcomeNewcomersIn } from "./welcome";

/** The extension APIs the background uses (the polyfilled `browser`; Chrome's own `chrome`). */
export interface BackgroundApis {
  browser: WxtBrowser;
  /** Chrome only: callback-style webRequest (asyncBlocking) and proxy.onProxyError. */
  chrome: typeof Browser | null;
  /** Firefox only: proxy.onRequest and its webRequest shape. */
  firefox: FirefoxApi | null;
}

export function startBackground({ browser, chrome, firefox: firefoxApi }: BackgroundApis): void {
  // First: a failure anywhere below is recorded, and the wake with it.
  const diagnostics = startDiagnostics(browser);
  const syncAlarm = () => syncTokenAlarms(browser.alarms);
  // The background is the only writer: it keeps the decoded site rules (decoded-memo.ts).
  keepDecoded();
  const firefox = firefoxApi ? createFirefoxRouting(firefoxApi) : null;
  const platform = firefox || !chrome ? firefox?.platform : createChromePlatform(chrome);
  if (!platform) throw new Error("Proxy Deck needs Chrome's or Firefox's proxy API.");
  const mutations = createMutationTracker();
  void loadRefreshMethods();
  const api = (settings: Settings) => mutations.tracked(apiForSettings(settings));
  const engine = createEngine({
    platform,
    api,
    mutationsHeld: mutations.held,
    loginRetried: () => responder.retry(),
    loginWorked: (token) => responder.worked(token),
    credentialsForgotten: (tokens) => responder.forget(tokens),
    badgeChanged: () => tabsInFront(),
  });
  const health = createHealthCheck({
    platform,
    reserveApiRequest: (settings) => api(settings).reserveRequest(),
    fetch: (url, init) => globalThis.fetch(url, init),
    onErrorOccurred: browser.webRequest.onErrorOccurred,
    isRefused: (token) => responder.isRefused(token),
    retryLogins: () => responder.retry(),
  });
  // Right after the engine: in Firefox, no proxy listener means every request goes direct, so
  // nothing started below (and failing) may come before it.
  const responder = startProxyAuth({ chrome, firefox, platform, engine, health });
  // Null puts a tab back on the global badge text (Chrome's and Firefox's documented
  // setBadgeText), which the typings, knowing only a string, leave out.
  const failureBadge = createFailureBadge({
    setBadgeText: (details) =>
      (browser.action.setBadgeText as (d: typeof details) => Promise<void>)(details),
  });
  const traffic = startTraffic(
    {
      webRequest: browser.webRequest,
      onTabRemoved: browser.tabs.onRemoved,
      onConnect: browser.runtime.onConnect,
    },
    {
      routing: cachedTrafficRouting(engine.planOptions),
      watchRouting: watchTrafficRouting,
      chrome: !firefox,
      isRefused: (token) => responder.isRefused(token),
      ownPage: (sender) =>
        !!sender && isOwnPage(sender, browser.runtime.id, browser.runtime.getURL("/")),
      pagesChanged: (pages) => void failureBadge.sync(pages),
    },
  );
  const subscriptions = createSubscriptions({
    sendVia: listSender({
      firefoxVia: firefox?.fetchListVia ?? null,
      rulesChanged: () => engine.rulesChanged(),
      tokenNow: (url) => tokenNow(url, engine.planOptions),
    }),
    unusable: (token) =>
      unusableReason(token, platform.supportsSocksAuth, Date.now())?.code ?? null,
    rulesChanged: () => engine.rulesChanged(),
    watchRedirects: redirectWatcher(browser.webRequest.onBeforeRedirect),
  });
  const sync = startSync(browser, { rulesChanged: () => engine.rulesChanged() });
  const handle = createCommandHandler({
    engine,
    api,
    traffic,
    health,
    subscriptions,
    sync,
    diagnostics,
  });
  // The page menu's "send this site through" (and the keys') is the popup's setSiteRoute command.
  const routeSite = (host: string, route: Route | null) =>
    handle({ type: "setSiteRoute", host, route });
  const pageMenu = startPageMenu(browser, { firefox, abilities: platform, routeSite });

  openMessageDoor(browser, handle, syncAlarm);

  /** Work nobody watched failed: it shows on the badge and in the popup until seen. */
  const unwatched = (source: "auto-refresh" | "toggle", result: EngineResult) =>
    result.ok ? undefined : keepUnwatchedFailure(engine, source, result.failure, Date.now());

  const keyboard = createKeyboardCommands({
    engine,
    routeSite,
    activeTabUrl: async () =>
      (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
    supportsSocksAuth: platform.supportsSocksAuth,
  });
  // Firefox for Android has no keyboard commands (nor page menus: context-menu.ts).
  browser.commands?.onCommand.addListener((name, tab) => {
    void keyboard(name, tab)
      .then((result) => result && unwatched("toggle", result))
      .finally(syncAlarm);
  });

  const policy = startPolicy(browser, () => engine.rulesChanged());

  const warn = () =>
    void notifyWarnings(browser.notifications, Date.now()).catch(recordedAs("warnings"));
  browser.alarms.onAlarm.addListener(async (alarm) => {
    // The page menu offers usable tokens: one that expired by the clock alone goes from it.
    if (alarm.name === WARNINGS_ALARM || alarm.name === EXPIRY_ALARM) void pageMenu.rebuild();
    if (alarm.name === WARNINGS_ALARM) warn();
    if (alarm.name === SUBSCRIPTIONS_ALARM) listsDue();
    policy.onAlarm(alarm.name);
    if (alarm.name === EXPIRY_ALARM) await engine.reconcile();
    if (alarm.name !== AUTO_REFRESH_ALARM) return;
    const { activeTokenId } = await read("connection");
    if (activeTokenId !== null)
      await unwatched("auto-refresh", await engine.refreshIp(activeTokenId));
  });

  // The popup's first screen follows every change of what it shows.
  const refreshSummary = () =>
    void updateState(["tokens", "trash", "connection", "popupSummary"], (s) => ({
      write: { popupSummary: summarize(s.tokens, s.trash.length, s.connection.activeTokenId) },
      result: undefined,
    })).catch(recordedAs("popup-summary"));
  // The toolbar opens the page of the user's language.
  const popupPage = popupPageFollower(browser.action);
  // Bypass list or credentials changed in Options, or the tokens changed (the active one
  // deleted, expired or moved by a refresh or an import): re-apply, fail closed if need be.
  // Items written together (a backup import) change in one storage event: one reconcile.
  const reconcileSoon = coalesced(() => void engine.reconcile().finally(syncAlarm));
  // The tabs' failure counts give way to a block or a problem, and follow their setting.
  const badgeCounts = () => void failureBadge.sync();
  // The tab in front says where its requests go when a rule routes it (never "direct" then).
  const tabsInFront = startTabTitles(browser, {
    routeOf: (url) => siteRouteNow(url, undefined, engine.planOptions),
    setText: (tabId, text) => failureBadge.routeText(tabId, text),
  });

  // Subscribed lists never fetched (added by sync or policy), or due: fetched in turn.
  const listsDue = coalesced(() => void subscriptions.updateDue().catch(recordedAs("lists:due")));

  // What each stored item's change sets off, in one place.
  const reactions = [
    [
      items.settings,
      [reconcileSoon, warn, popupPage, badgeCounts, pageMenu.rebuild, sync.localChanged],
    ],
    // The policy overrides settings: the same reactions.
    [
      items.managedPolicy,
      [reconcileSoon, warn, popupPage, badgeCounts, pageMenu.rebuild, policy.webrtc],
    ],
    // Warnings follow the list and the chosen days (the clock, hourly); looks sync (a rename).
    [items.tokens, [reconcileSoon, refreshSummary, warn, pageMenu.rebuild, sync.localChanged]],
    [items.trash, [refreshSummary]],
    [items.connection, [refreshSummary, pageMenu.rebuild, tabsInFront]],
    [items.status, [badgeCounts, tabsInFront]],
    [items.siteRules, [listsDue, sync.localChanged, tabsInFront]],
    [items.unseenFailure, [badgeCounts]],
  ] as const;
  for (const [item, react] of reactions)
    item.watch(() => {
      for (const run of react) run();
    });
  void browser.alarms.create(WARNINGS_ALARM, { periodInMinutes: 60 });
  void browser.alarms.create(SUBSCRIPTIONS_ALARM, { periodInMinutes: 60 });
  warn();
  browser.runtime.onInstalled.addListener(popupPage);
  // A fresh install holds none of our logins in Chrome's cache: its first config drops none.
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === "install") void recordFreshInstall().catch(recordedAs("owners:install"));
  });
  welcomeNewcomersIn(browser);
  browser.runtime.onStartup.addListener(popupPage);
  browser.proxy.settings.onChange.addListener(() => void engine.reconcile());
  // onStartup/onInstalled are not enough: a relaunch with --load-extension re-installs without
  // onStartup, and a worker woken by a challenge gets neither. Reconcile on every wake.
  void engine.reconcile().finally(syncAlarm);
  refreshSummary();
  policy.sync();
  policy.webrtc();
  // A list whose update a stopped worker cut off is due again: fetched on the next wake.
  listsDue();
}
