import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { asFailure } from "../../lib/base/failure";
import type { Notice } from "../../lib/popup/outcome";
import type { PopupState } from "../../lib/popup/state";
import { routeStatus } from "../../lib/state/route-status";
import { ExitIpLine } from "./ExitIpLine";
import { useEnv } from "./env";
import { withPageCatalog } from "./lazy";
import {
  AddListView,
  BlockedView,
  CreateView,
  FirstRunView,
  NoticeLazy,
  prefetchViews,
  RouteBarView,
  ShortcutsView,
  ThisSiteView,
  TrashListView,
  UnseenFailureView,
  WebrtcOfferView,
} from "./lazy-views";
import { ErrorText } from "./Messages";
import { TokenList } from "./TokenList";

export type View = "tokens" | "create" | "add" | "trash";

const TICK_MS = 30_000;

/** The whole popup: renders from storage (props), acts through commands (env). */
export function PopupApp({
  state,
  initialView = "tokens",
}: {
  state: PopupState;
  initialView?: View;
}) {
  const env = useEnv();
  const { t, send, explain } = env;
  const [view, setViewState] = useState<View>(initialView);
  // The create form mounts on first visit (its lookups are requests) and then stays, hidden,
  // so a purchase in flight still reports when the user looks at the list meanwhile.
  const [createOpened, setCreateOpened] = useState(initialView === "create");
  const setView = useCallback((next: View) => {
    if (next === "create") setCreateOpened(true);
    setViewState(next);
  }, []);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Relative times move with a 30 s tick, and with every change in storage (so a token deleted
  // a moment ago never reads "in 20 seconds"); rows re-render only then.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const now = useMemo(() => env.now(), [env, tick, state]);

  const notify = useCallback((next: Notice) => setNotice(next), []);

  const restoreIds = useCallback(
    async (ids: number[]) => {
      // The wording of outcomes loads beside the reply: off the popup's first path.
      const words = withPageCatalog(import("../../lib/popup/outcome"));
      const reply = await send({ type: "restoreTokens", tokenIds: ids });
      const { errorNotice, outcomeWords, restoreNotice } = await words;
      setNotice(
        reply.ok
          ? restoreNotice(reply.data, outcomeWords(env.language), explain)
          : errorNotice(reply.failure, explain),
      );
    },
    [send, env.language, explain],
  );

  const { tokens, trash, status, connection } = state;
  useEffect(prefetchViews, []);
  // "This site" follows the first rows: its code starts loading as soon as they are out (its
  // question went to the background as the page opened: lib/popup/site-question.ts).
  useEffect(() => void ThisSiteView.prefetch(), []);
  // Until the full lists arrive (a frame after the first), rows and counts come from the summary.
  const { summary } = state;
  const known = summary?.active ? [...tokens, summary.active] : tokens;
  const tokenCount = summary?.tokenCount ?? tokens.length;
  const trashCount = summary?.trashCount ?? trash.length;
  // An engine error for a token that has no row (gone from the list) is shown at the top.
  const orphanError =
    status.error && !known.some((tk) => tk.id === status.tokenId)
      ? asFailure(status.error.failure)
      : null;
  const route = routeStatus(status, connection);
  const routeName = known.find((tk) => tk.id === route.tokenId)?.name ?? "";
  // Before credentials (and with nothing stored that works without them), one instruction and
  // one action; the New token form asks the same while credentials are missing.
  const credentials = state.settings.credentials;
  if (!credentials && tokenCount === 0 && trashCount === 0) {
    return (
      <main class="popup">
        <h1 class="visually-hidden">{t("title")}</h1>
        <FirstRunView.Lazy />
      </main>
    );
  }
  const prefetch = {
    create: CreateView.prefetch,
    add: AddListView.prefetch,
    trash: TrashListView.prefetch,
    tokens: () => undefined,
  };

  return (
    <div class="popup">
      <ExitIpLine status={status} route={route} name={routeName} now={now} />
      {tokenCount > 0 && connection.activeTokenId === null && (
        <RouteBarView.Lazy connection={connection} />
      )}
      {status.state === "blocked" && status.error ? (
        <BlockedView.Lazy
          failure={asFailure(status.error.failure)}
          tokenChosen={connection.activeTokenId !== null}
          onChooseToken={() => setView("tokens")}
        />
      ) : (
        orphanError && <ErrorText failure={orphanError} />
      )}
      {state.unseenFailure && <UnseenFailureView.Lazy unseen={state.unseenFailure} />}
      {/* Its room is kept from the first frame: the line comes a frame or two later and must
          not push the list down. */}
      <div class="site-slot">
        <ThisSiteView.Lazy
          activeTokenId={connection.activeTokenId}
          engineState={status.state}
          activeTab={env.activeTab}
        />
      </div>
      {connection.activeTokenId !== null &&
        (status.state === "connected" || status.state === "checking") &&
        !state.settings.webrtcProtection &&
        !state.settings.webrtcOfferDismissed && <WebrtcOfferView.Lazy />}
      <nav class="views" aria-label={t("views")}>
        {(
          [
            ["tokens", t("viewTokens", { count: tokenCount })],
            ["create", t("viewCreate")],
            ["add", t("viewAdd")],
            ["trash", t("viewTrash", { count: trashCount })],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            class="view-button"
            aria-pressed={view === id}
            onMouseEnter={() => void prefetch[id]()}
            onFocus={() => void prefetch[id]()}
            onClick={() => setView(id)}
          >
            {label}
          </button>
        ))}
      </nav>
      <div aria-live="polite" class="live">
        {notice && (
          <NoticeLazy.Lazy notice={notice} onDismiss={() => setNotice(null)} onUndo={restoreIds} />
        )}
      </div>
      <main>
        {view === "tokens" && (
          <TokenList
            trafficUnit={state.settings.trafficUnit}
            warnDays={state.settings.warnDays}
            tokens={tokens}
            connection={connection}
            status={status}
            now={now}
            notify={notify}
          />
        )}
        {createOpened && (
          <div hidden={view !== "create"}>
            {credentials ? (
              <CreateView.Lazy onShowTokens={() => setView("tokens")} />
            ) : (
              <FirstRunView.Lazy />
            )}
          </div>
        )}
        {view === "add" && <AddListView.Lazy tokens={tokens} />}
        {view === "trash" && (
          <TrashListView.Lazy trash={trash} now={now} notify={notify} restoreIds={restoreIds} />
        )}
      </main>
      <ShortcutsView.Lazy />
    </div>
  );
}
