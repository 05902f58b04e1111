/**
 * WebRTC leak protection switch. The permission request must run inside the click's user
 * gesture, so the handler calls it before anything else is awaited.
 */
import { useEffect, useState } from "preact/hooks";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import {
  disableWebrtcProtection,
  enableWebrtcProtection,
  type WebrtcState,
  webrtcState,
} from "@/lib/privacy/webrtc";
import type { Settings } from "@/lib/state/settings";
import { webrtcApis } from "../common/webrtc-apis";
import { LockedNote, usePolicy } from "./policy";
import { Notice, type NoticeValue, patchSettings, useExplain, useT } from "./shared";

export function WebrtcToggle({ settings }: { settings: Settings }) {
  const t = useT();
  const explain = useExplain();
  const [state, setState] = useState<WebrtcState | null>(null);
  const [pending, setPending] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const wanted = settings.webrtcProtection;
  const locked = usePolicy().webrtcProtection !== undefined;

  useEffect(() => {
    let live = true;
    void webrtcState(webrtcApis, wanted).then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  /**
   * The policy wants protection on, but the browser asks the user for the permission once:
   * only a click here can give it (the setting is the policy's already, nothing is saved).
   */
  function applyPolicy() {
    setPending(true);
    void enableWebrtcProtection(webrtcApis).then((result) => {
      setPending(null);
      if (result.ok) setState("on");
      setNotice(
        result.ok
          ? { tone: "ok", text: t("webrtc.on") }
          : { tone: "error", text: t(`webrtc.${result.problem}` as OptionsKey) },
      );
    });
  }

  function toggle(event: Event) {
    const on = (event.currentTarget as HTMLInputElement).checked;
    setPending(on);
    setNotice(null);
    // Called synchronously from the click: the permission prompt needs the user gesture.
    const change = on ? enableWebrtcProtection(webrtcApis) : disableWebrtcProtection(webrtcApis);
    void change.then(async (result) => {
      if (!result.ok) {
        setPending(null);
        setNotice({ tone: "error", text: t(`webrtc.${result.problem}` as OptionsKey) });
        return;
      }
      const problem = await patchSettings({ webrtcProtection: on }, t, explain);
      setPending(null);
      setState(on ? "on" : "off");
      setNotice(
        problem === null
          ? { tone: "ok", text: t(on ? "webrtc.on" : "webrtc.off") }
          : { tone: "error", text: t("webrtc.saveFailed", { reason: problem }) },
      );
    });
  }

  const checked = pending ?? wanted;
  const warning =
    state === "permission-missing" || state === "not-applied" || state === "controlled-by-other"
      ? t(`webrtc.${state}` as OptionsKey)
      : null;
  return (
    <div class="webrtc">
      <h3 id="webrtc-heading">{t("webrtc.heading")}</h3>
      <label class="check" for="webrtc-protection">
        <input
          id="webrtc-protection"
          type="checkbox"
          checked={checked}
          disabled={pending !== null || locked}
          aria-describedby={locked ? "webrtc-locked webrtc-hint" : "webrtc-hint"}
          onChange={toggle}
        />
        {t("webrtc.toggle")}
      </label>
      {locked && <LockedNote id="webrtc-locked" />}
      {locked && wanted && state !== null && state !== "on" && (
        <div class="actions">
          <p class="hint">{t("policy.webrtcNeeded")}</p>
          <button type="button" disabled={pending !== null} onClick={applyPolicy}>
            {t("policy.webrtcApply")}
          </button>
        </div>
      )}
      <p id="webrtc-hint" class="hint">
        {t("webrtc.hint")}
      </p>
      {settings.webrtcOfferDismissed && !wanted && !locked && (
        <div class="actions" data-testid="webrtc-offer-dismissed">
          <p class="hint">{t("webrtc.offerDismissed")}</p>
          <button
            type="button"
            onClick={() => void patchSettings({ webrtcOfferDismissed: false }, t, explain)}
          >
            {t("webrtc.offerAgain")}
          </button>
        </div>
      )}
      {notice ? (
        <Notice notice={notice} id="webrtc-status" />
      ) : warning ? (
        <Notice notice={{ tone: "warn", text: warning }} id="webrtc-status" />
      ) : (
        <p class="hint" id="webrtc-status" data-state={state ?? ""}>
          {state === "on" ? t("webrtc.on") : state === "off" ? t("webrtc.off") : ""}
        </p>
      )}
    </div>
  );
}
