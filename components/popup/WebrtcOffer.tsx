import { useState } from "preact/hooks";
import { webrtcOfferStrings } from "../../lib/i18n/webrtc-offer-strings";
import { enableWebrtcProtection, type WebrtcProblem } from "../../lib/privacy/webrtc";
import { webrtcApis } from "../common/webrtc-apis";
import { useEnv } from "./env";
import { usePolicyFixes } from "./use-policy-fixes";
import { viewWords } from "./view-words";

/** The offer's words come with its chunk (off the popup's first path). */
const useOfferT = viewWords(webrtcOfferStrings);

/**
 * While a proxy is on and WebRTC protection is off, pages can learn the user's real address
 * through WebRTC: say so, and turn the protection on in one click (the permission prompt
 * needs that click, so nothing is asked before it). "Not now" is remembered (a setting, so it
 * holds across restarts); Options' WebRTC switch stays the way to turn it on later.
 */
export function WebrtcOffer() {
  const { send } = useEnv();
  const t = useOfferT();
  const [problem, setProblem] = useState<WebrtcProblem | null>(null);
  const [busy, setBusy] = useState(false);
  // A WebRTC setting the administrator's policy decides is not offered.
  const byPolicy = usePolicyFixes("webrtcProtection");

  function protect() {
    setBusy(true);
    setProblem(null);
    // Called straight from the click: the permission request must be its first step.
    void enableWebrtcProtection(webrtcApis).then(async (result) => {
      if (result.ok) await send({ type: "patchSettings", patch: { webrtcProtection: true } });
      else setProblem(result.problem);
      setBusy(false);
    });
  }

  async function dismiss() {
    setBusy(true);
    // The stored setting hides the offer (PopupApp reads it); a refusal leaves it shown.
    await send({ type: "patchSettings", patch: { webrtcOfferDismissed: true } });
    setBusy(false);
  }

  if (byPolicy !== false) return null;
  return (
    // Named by its sentence, so it is a region of its own: the popup's other parts are landmarks.
    <section
      class="notice notice--warn"
      data-testid="webrtc-offer"
      aria-labelledby="webrtc-offer-text"
    >
      <p id="webrtc-offer-text">{t("webrtcOff")}</p>
      {problem && <p class="error">{t(`webrtc.${problem}`)}</p>}
      <div class="notice-actions">
        <button
          type="button"
          class="btn"
          disabled={busy}
          title={t("webrtcDismissLabel")}
          onClick={() => void dismiss()}
        >
          {t("webrtcDismiss")}
        </button>
        <button type="button" class="btn btn--primary" disabled={busy} onClick={protect}>
          {t("webrtcProtect")}
        </button>
      </div>
    </section>
  );
}
