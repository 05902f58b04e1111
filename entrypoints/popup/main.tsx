// First: the storage read and the language tables start before anything else in the module runs.
import { first, later } from "./first";
import "../../components/popup/popup.css";
import { type ComponentChild, render } from "preact";
import { OpenFailed } from "../../components/popup/OpenFailed";
import { resolveLanguage } from "../../lib/base/languages";
import { loadPopupLanguage } from "../../lib/i18n/popup-language";
import { OPEN_FAILED } from "../../lib/i18n/popup-strings-en";
import { loadFirstState, loadLists, type PopupState, watchPopupState } from "../../lib/popup/state";
import { POPUP_STYLE_ID } from "../../lib/popup/style";
import { Popup } from "./Popup";

// Watch before reading, so a change landing between the read and the first render is kept.
const pending: Partial<PopupState>[] = [];
let deliver: ((change: Partial<PopupState>) => void) | null = null;
const update = (change: Partial<PopupState>) => (deliver ? deliver(change) : pending.push(change));
watchPopupState(update);

function subscribe(onChange: (change: Partial<PopupState>) => void) {
  deliver = onChange;
  for (const change of pending.splice(0)) onChange(change);
  return () => {
    deliver = null;
  };
}

/** The page's first content, with its stylesheet, which waits for it (lib/popup/style.ts). */
function paint(content: ComponentChild, into: Element) {
  document.getElementById(POPUP_STYLE_ID)?.removeAttribute("media");
  render(content, into);
}

const root = document.getElementById("app");
if (root) {
  // Local storage only: the first rows paint from the summary before any network request and
  // before the full lists are read. The first read is used unless storage changed before the
  // watchers above were listening.
  const early = first.storageChanged() ? undefined : first.storage;
  void loadFirstState(early)
    .then(async (initial) => {
      const language = resolveLanguage(initial.settings.language, navigator.language);
      const pack = await loadPopupLanguage(language, first);
      // A failure on the first screen is worded in its first frame.
      if (initial.status.error || initial.unseenFailure) await pack.ready();
      paint(<Popup initial={initial} pack={pack} subscribe={subscribe} />, root);
      // The full lists once the first frame is out.
      if (initial.summary)
        requestAnimationFrame(() => setTimeout(() => void loadLists().then(update)));
    })
    .catch(async (error: unknown) => {
      // Storage (or the page's strings) could not be read: say so, never a blank popup, and
      // record it, by code loaded off the first path (later.ts).
      void later.then(
        (diagnostics) => diagnostics.recordFailure("open", error),
        // later.ts did not load: there is no log to say so in.
        () => undefined,
      );
      // No strings of the page's language: the English sentence below, built in.
      const pack = await first.pack.catch(() => null);
      paint(<OpenFailed sentence={pack?.popup.openFailed ?? OPEN_FAILED} />, root);
    });
}
