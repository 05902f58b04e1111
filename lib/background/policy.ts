/**
 * The administrator's policy in the background: read on every wake (Firefox tells no change) and
 * on Chrome's change event, read again after a read that failed (an alarm: in Firefox no event
 * would), and its WebRTC protection put on the browser as it arrives (webrtc-policy.ts). Its
 * other settings take effect through the managedPolicy item's reactions (main.ts).
 */
import type { WxtBrowser } from "wxt/browser";
import { recordedAs } from "../diagnostics/record";
import { read } from "../storage/read";
import { POLICY_RETRY_ALARM, POLICY_RETRY_MINUTES, startManagedPolicy } from "./managed-policy";
import { applyWebrtcWanted, backgroundWebrtcApis } from "./webrtc-policy";

export function startPolicy(browser: WxtBrowser, rulesChanged: () => Promise<void>) {
  const sync = startManagedPolicy(
    browser.storage,
    rulesChanged,
    () => void browser.alarms.create(POLICY_RETRY_ALARM, { delayInMinutes: POLICY_RETRY_MINUTES }),
  );
  const webrtcApis = backgroundWebrtcApis(browser.permissions);
  // The value in force: the policy's over the user's (read.ts lays one over the other).
  const webrtc = () =>
    void read("settings")
      .then((settings) => applyWebrtcWanted(webrtcApis, settings.webrtcProtection))
      // A storage read that failed: the next policy change or wake applies it.
      .catch(recordedAs("policy:webrtc"));
  return {
    sync,
    webrtc,
    onAlarm: (name: string) => {
      if (name === POLICY_RETRY_ALARM) sync();
    },
  };
}
