/**
 * Welcome, step 3: connect a token, then say what the browser has shown about it: waiting,
 * connected (a request through it worked) or why not. Never "connected" before that evidence.
 */
import { useState } from "preact/hooks";
import { asFailure } from "@/lib/base/failure";
import { sayStatus } from "@/lib/i18n/status-words";
import { tokenLabel } from "@/lib/options/exit-route";
import { routeStatus } from "@/lib/state/route-status";
import type { Connection, ProxyStatus } from "@/lib/state/status";
import type { StoredToken } from "@/lib/state/tokens";
import type { PageData } from "../page-data";
import { Notice, type NoticeValue, send, useExplain, useT } from "../shared";

/** Enough to choose from on a first run; the rest are a page away. */
const SHOWN = 5;

export function ConnectStep({ data }: { data: PageData }) {
  const t = useT();
  const explain = useExplain();
  const { tokens, connection, status } = data;
  const [problem, setProblem] = useState<NoticeValue | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const active = tokens.find((token) => token.id === connection.activeTokenId);
  const evidence = active ? stateLine(active, status, connection, t, explain) : null;
  const connected = evidence?.tone === "ok";

  async function connect(token: StoredToken) {
    setBusy(token.id);
    setProblem(null);
    const reply = await send({ type: "connect", tokenId: token.id });
    setBusy(null);
    if (!reply.ok) setProblem({ tone: "error", text: explain(reply.failure) });
  }

  const newest = [...tokens].sort((a, b) => b.createdAt - a.createdAt).slice(0, SHOWN);
  return (
    <section id="first-connect" aria-labelledby="first-connect-heading">
      <h2 id="first-connect-heading">
        {t("welcome.step3.heading")}
        {connected && <span class="step-done">{t("welcome.done")}</span>}
      </h2>
      <p class="hint">{t("welcome.step3.intro")}</p>
      {tokens.length === 0 ? (
        <p class="hint">{t("welcome.step3.needsToken")}</p>
      ) : (
        <ul class="welcome-tokens">
          {newest.map((token) => (
            <li key={token.id}>
              <button
                type="button"
                class={token.id === connection.activeTokenId ? "" : "secondary"}
                aria-pressed={token.id === connection.activeTokenId}
                disabled={busy !== null}
                onClick={() => connect(token)}
              >
                {t("welcome.connect", { token: tokenLabel(token) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Notice notice={problem} />
      {/* Always there, so the screen reader hears each change of it. */}
      <p
        class={evidence ? `notice notice-${evidence.tone}` : undefined}
        role="status"
        data-testid="welcome-state"
      >
        {evidence?.text}
      </p>
      {connected && <p data-testid="welcome-finished">{t("welcome.finished")}</p>}
    </section>
  );
}

type Tone = "ok" | "info" | "error";

/**
 * The state in the one vocabulary (route-status.ts, as the popup and the badge say it), then
 * what it means here. Null while no token of this list is chosen.
 */
function stateLine(
  token: StoredToken,
  status: ProxyStatus,
  connection: Connection,
  t: ReturnType<typeof useT>,
  explain: (failure: { code: string }) => string,
): { tone: Tone; text: string } | null {
  const now = routeStatus(status, connection);
  if (now.tokenId !== token.id) return null;
  const label = tokenLabel(token);
  const lead = sayStatus(t, now);
  switch (now.kind) {
    case "checking":
      return { tone: "info", text: `${lead} · ${t("welcome.state.checking", { token: label })}` };
    case "through": {
      const exit = status.exitIp?.viaTokenId === token.id ? status.exitIp : null;
      const place = exit ? [exit.city, exit.country].filter(Boolean).join(", ") : "";
      const where = exit ? ` ${t("welcome.state.exit", { ip: exit.ip, place })}` : "";
      return {
        tone: "ok",
        text: `${lead} · ${t("welcome.state.connected", { token: label })}${where}`,
      };
    }
    case "failing":
    case "blocked":
      return {
        tone: "error",
        text: `${lead} · ${status.error ? explain(asFailure(status.error.failure)) : ""}`.trim(),
      };
    default:
      return null;
  }
}
