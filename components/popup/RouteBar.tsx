import { useState } from "preact/hooks";
import { routeBarStrings } from "../../lib/i18n/route-bar-strings";
import type { Connection } from "../../lib/state/status";
import { useEnv } from "./env";
import { viewWords } from "./view-words";

/** The line's words come with its chunk (off the popup's first path). */
const useRouteT = viewWords(routeBarStrings);

/**
 * What the browser does with traffic when no token is connected, and the one obvious Off and On:
 * Off (every site direct, site rules included) or no token (site rules still route their sites).
 * With a token connected, its row carries the Off.
 */
export function RouteBar({ connection }: { connection: Connection }) {
  const { send } = useEnv();
  const t = useRouteT();
  const [busy, setBusy] = useState(false);
  if (connection.activeTokenId !== null) return null;
  const run = async (command: { type: "off" } | { type: "toggle" }) => {
    setBusy(true);
    await send(command);
    setBusy(false);
  };
  const last = connection.lastTokenId;
  return (
    <section class="route-bar" data-testid="route-bar" aria-label={t("routeLabel")}>
      <span>{connection.off ? t("routeOff") : t("routeNoToken")}</span>
      {connection.off ? (
        last !== null && (
          <button
            type="button"
            class="btn btn--small"
            disabled={busy}
            aria-label={t("turnOnLabel", { id: last })}
            onClick={() => void run({ type: "toggle" })}
          >
            {t("turnOn")}
          </button>
        )
      ) : (
        <button
          type="button"
          class="btn btn--small"
          disabled={busy}
          aria-label={t("turnOffLabel")}
          onClick={() => void run({ type: "off" })}
        >
          {t("turnOff")}
        </button>
      )}
    </section>
  );
}
