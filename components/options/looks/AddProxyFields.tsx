/**
 * Adding one proxy by its fields, beside the paste box: the same checks as a pasted line
 * (proxy-lines.ts's judgeFields, again in the background), with its name and colour.
 */
import { useState } from "preact/hooks";
import type { ProxyFields } from "@/lib/state/proxy-lines";
import { send, useExplain } from "../shared";
import { LookFields, type LookValue } from "./LookFields";
import { EMPTY_PROXY, ProxyFieldset } from "./ProxyFieldset";
import { useEditProblem, useLookT } from "./use-look-t";

export function AddProxyFields() {
  const t = useLookT();
  const explain = useExplain();
  const problemOf = useEditProblem();
  const [proxy, setProxy] = useState<ProxyFields>(EMPTY_PROXY);
  const [look, setLook] = useState<LookValue>({ name: "", colour: "" });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: Event) {
    event.preventDefault();
    setBusy(true);
    const reply = await send({ type: "addProxy", proxy, look });
    setBusy(false);
    if (!reply.ok) return setNotice({ ok: false, text: explain(reply.failure) });
    const { added, duplicate, rejected } = reply.data;
    const problem = rejected[0]?.problem;
    const why = problemOf({ ...reply.data, ...(problem ? { problem } : {}) });
    if (why) return setNotice({ ok: false, text: why });
    if (duplicate > 0) return setNotice({ ok: false, text: t("looks.already") });
    setNotice({ ok: true, text: t("looks.added", { id: added[0] ?? "" }) });
    setProxy(EMPTY_PROXY);
    setLook({ name: "", colour: "" });
  }

  return (
    <form class="add-one" data-testid="add-one-proxy" onSubmit={add}>
      <h3 class="actions">{t("looks.addOne")}</h3>
      <ProxyFieldset idPrefix="add-one" value={proxy} onChange={setProxy} />
      <LookFields idPrefix="add-one" value={look} onChange={setLook} />
      {notice && (
        <p
          class={`notice notice-${notice.ok ? "ok" : "error"}`}
          role={notice.ok ? "status" : "alert"}
        >
          {notice.text}
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {t("looks.addButton")}
        </button>
      </div>
    </form>
  );
}
