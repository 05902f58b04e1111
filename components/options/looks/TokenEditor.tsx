/**
 * Editing one token: its name and colour, and for a proxy the user added its type, address
 * and login. The background checks every value again (look-check.ts, proxy-line.ts).
 */
import { useState } from "preact/hooks";
import type { ProxyFields } from "@/lib/state/proxy-lines";
import type { StoredToken } from "@/lib/state/tokens";
import { send, useExplain } from "../shared";
import { LookFields, type LookValue } from "./LookFields";
import { ProxyFieldset } from "./ProxyFieldset";
import { useEditProblem, useLookT } from "./use-look-t";

export function TokenEditor(props: { token: StoredToken; onDone: (saved: boolean) => void }) {
  const { token } = props;
  const t = useLookT();
  const explain = useExplain();
  const problemOf = useEditProblem();
  const manual = token.kind === "manual";
  const [look, setLook] = useState<LookValue>({
    name: token.look ? token.look.name : manual ? token.name : "",
    colour: token.look?.colour ?? "",
  });
  const [proxy, setProxy] = useState<ProxyFields>({
    networkType: token.networkType,
    host: token.host,
    port: String(token.port),
    username: token.username,
    password: "",
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = `edit-${token.id}`;

  async function save(event: Event) {
    event.preventDefault();
    setBusy(true);
    const reply = await send({
      type: "editToken",
      tokenId: token.id,
      look,
      ...(manual ? { proxy } : {}),
    });
    setBusy(false);
    const why = reply.ok ? problemOf(reply.data) : explain(reply.failure);
    setProblem(why);
    if (why === null) props.onDone(true);
  }

  return (
    <form class="look-editor" data-testid="token-editor" onSubmit={save}>
      <LookFields idPrefix={prefix} value={look} onChange={setLook} />
      {manual && <ProxyFieldset idPrefix={prefix} value={proxy} onChange={setProxy} keepPassword />}
      {problem && (
        <p class="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {t("looks.save")}
        </button>
        <button type="button" onClick={() => props.onDone(false)}>
          {t("looks.cancel")}
        </button>
      </div>
    </form>
  );
}
