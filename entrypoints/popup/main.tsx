import "../../components/common/theme.css";
import "../../components/popup/popup.css";
import { render } from "preact";
import { loadPopupState, type PopupState, watchPopupState } from "../../lib/popup/state";
import { Popup } from "./Popup";

// Watch before reading, so a change landing between the read and the first render is kept.
const pending: Partial<PopupState>[] = [];
let deliver: ((change: Partial<PopupState>) => void) | null = null;
watchPopupState((change) => (deliver ? deliver(change) : pending.push(change)));

function subscribe(onChange: (change: Partial<PopupState>) => void) {
  deliver = onChange;
  for (const change of pending.splice(0)) onChange(change);
  return () => {
    deliver = null;
  };
}

/** Set by public/popup-early.js, which starts the read before these modules load. */
const head = globalThis as {
  popupStorage?: Promise<Record<string, unknown>>;
  popupStorageChanged?: boolean;
};

const root = document.getElementById("app");
if (root) {
  // Local storage only: the list paints before any network request. The early read is used
  // unless storage changed before the watchers above were listening.
  const early = head.popupStorageChanged ? undefined : head.popupStorage;
  void loadPopupState(early).then((initial) =>
    render(<Popup initial={initial} subscribe={subscribe} />, root),
  );
}
