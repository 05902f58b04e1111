/** The popup's views loaded on demand, and one call to fetch them all ahead of need. */
import { lazyView } from "./lazy";

export const CreateView = lazyView(() => import("./CreateForm").then((m) => m.CreateForm));
export const TrashListView = lazyView(() => import("./TrashView").then((m) => m.TrashView));
export const WebrtcOfferView = lazyView(() => import("./WebrtcOffer").then((m) => m.WebrtcOffer));

/** When the first screen is out and the page is idle, the other views come in quietly. */
export function prefetchViews(): void {
  const fetchAll = () => {
    void CreateView.prefetch();
    void TrashListView.prefetch();
    void WebrtcOfferView.prefetch();
  };
  const idle = (globalThis as { requestIdleCallback?: (run: () => void) => void })
    .requestIdleCallback;
  if (idle) idle(fetchAll);
  else setTimeout(fetchAll, 200);
}
