import { useState } from "preact/hooks";
import { webrtcOfferStrings } from "../../lib/i18n/webrtc-offer-strings";
import { enableWebrtcProtection, type WebrtcProblem } from "../../lib/proxy/webrtc";
import { webrtcApis } from "../common/webrtc-apis";
import { useEnv } from "./env";
import { viewWords } from "./view-words";

const useWebrtcT = viewWords(webrtcOfferStrings);

/**
 * While a proxy is on and WebRTC protection is off, pages can learn the user's real address
 * through WebRTC: say so, and turn the protection on in one click (the permission prompt
 * needs that click, so nothing is asked before it).
 */
export function WebrtcOffer() {
  const { send } = useEnv();
  const t = useWebrtcT();
  const [problem, setProblem] = useState<WebrtcProblem | null>(null);
  const [busy, setBusy] = useState(false);

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

  return (
    <section class="notice notice--warn" data-testid="webrtc-offer">
      <p>{t("webrtcOff")}</p>
      {problem && <p class="error">{t(`webrtc.${problem}`)}</p>}
      <div class="notice-actions">
        <button type="button" class="btn btn--primary" disabled={busy} onClick={protect}>
          {t("webrtcProtect")}
        </button>
      </div>
    </section>
  );
}
