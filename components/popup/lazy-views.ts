/** The popup's views loaded on demand, and one call to fetch them all ahead of need. */
import { h } from "preact";
import { FirstRows } from "./FirstRows";
import { whenIdle } from "./idle";
import { lazyView } from "./lazy";

export const CreateView = lazyView(() => import("./CreateForm").then((m) => m.CreateForm));
export const AddListView = lazyView(() => import("./AddView").then((m) => m.AddView));
export const TrashListView = lazyView(() => import("./TrashView").then((m) => m.TrashView));
/** Long lists, drawn a window at a time; the first rows stand in while the code loads. */
export const Rows = lazyView(() => import("./WindowedRows").then((m) => m.WindowedRows), FirstRows);
export const WebrtcOfferView = lazyView(() => import("./WebrtcOffer").then((m) => m.WebrtcOffer));
/** The tab's site and its route: after the first rows, never before them. */
export const ThisSiteView = lazyView(() => import("./ThisSite").then((m) => m.ThisSite));
/** "Check all" and the rows' health marks: their reads and words come after the first rows. */
export const HealthBarView = lazyView(() => import("./HealthBar").then((m) => m.HealthBar));
/** The line that says Off or site rules only, when no token is connected: after the first rows. */
export const RouteBarView = lazyView(() => import("./RouteBar").then((m) => m.RouteBar));
/**
 * Rare alerts (traffic blocked, a failure nobody watched), a chunk each: they arrive a frame
 * after the first screen when shown, and cost the usual popup nothing.
 */
export const BlockedView = lazyView(() => import("./BlockedBanner").then((m) => m.BlockedBanner));
export const UnseenFailureView = lazyView(() =>
  import("./UnseenFailure").then((m) => m.UnseenFailure),
);
/** The list's filters, shown from six tokens (lib/popup/list-controls.ts); room kept meanwhile. */
export const FiltersView = lazyView(
  () => import("./Filters").then((m) => m.Filters),
  () => h("div", { class: "filters filters--loading" }),
);
/** Another extension controls the proxy setting: rare, said a frame after the first screen. */
export const ForeignNoteView = lazyView(() => import("./ForeignNote").then((m) => m.ForeignNote));
/** The popup before credentials (a new user's first look): never loaded once they exist. */
export const FirstRunView = lazyView(() => import("./FirstRun").then((m) => m.FirstRun));
/** An action's outcome: its words load with the reply (outcome.ts), its view beside them. */
export const NoticeLazy = lazyView(() => import("./NoticeView").then((m) => m.NoticeView));
/** "Keyboard shortcuts", closed at the bottom: it reads the keys only when opened. */
export const ShortcutsView = lazyView(() =>
  import("./KeyboardShortcuts").then((m) => m.KeyboardShortcuts),
);

/** Fetches every on-demand view; resolves when all are in. */
export async function loadAllViews(): Promise<void> {
  await Promise.all([
    CreateView.prefetch(),
    AddListView.prefetch(),
    TrashListView.prefetch(),
    WebrtcOfferView.prefetch(),
    ThisSiteView.prefetch(),
    HealthBarView.prefetch(),
    ShortcutsView.prefetch(),
    RouteBarView.prefetch(),
    BlockedView.prefetch(),
    FiltersView.prefetch(),
    ForeignNoteView.prefetch(),
    UnseenFailureView.prefetch(),
    NoticeLazy.prefetch(),
    Rows.prefetch(),
  ]);
}

/** When the first screen is out and the page is idle, the other views come in quietly. */
export function prefetchViews(): () => void {
  return whenIdle(() => void loadAllViews());
}
