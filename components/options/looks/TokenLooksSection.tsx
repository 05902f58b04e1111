/**
 * Options' "Names and colours": every token with its dot, name, place and address, and an
 * editor for one at a time (TokenEditor.tsx).
 */
import { useState } from "preact/hooks";
import { LookDot } from "@/components/common/LookDot";
import { placeOf } from "@/lib/popup/format";
import { proxyEndpoint } from "@/lib/state/token-facts";
import { tokenTag } from "@/lib/state/token-look";
import type { StoredToken } from "@/lib/state/tokens";
import { Notice, type NoticeValue } from "../shared";
import { TokenEditor } from "./TokenEditor";
import { useLookT } from "./use-look-t";
import "./looks.css";

export function TokenLooksSection({ tokens }: { tokens: StoredToken[] }) {
  const t = useLookT();
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section id="token-looks" aria-labelledby="token-looks-heading">
      <h2 id="token-looks-heading">{t("looks.heading")}</h2>
      <p class="hint">{t("looks.intro")}</p>
      <Notice notice={notice} />
      {tokens.length === 0 ? (
        <p>{t("looks.none")}</p>
      ) : (
        <>
          <p class="hint">{t("looks.count", { count: tokens.length })}</p>
          <ul class="look-list">
            {tokens.map((token) => (
              <li key={token.id} data-token-id={token.id}>
                <span class="look-line">
                  <LookDot look={token.look} />
                  <span class="look-tag">{tokenTag(token)}</span>
                  <span class="hint">
                    {[placeOf(token), proxyEndpoint(token)].filter(Boolean).join(" · ")}
                  </span>
                  {editing !== token.id && (
                    <button
                      type="button"
                      aria-label={t("looks.editLabel", { id: token.id })}
                      onClick={() => {
                        setNotice(null);
                        setEditing(token.id);
                      }}
                    >
                      {t("looks.edit")}
                    </button>
                  )}
                </span>
                {editing === token.id && (
                  <TokenEditor
                    token={token}
                    onDone={(saved) => {
                      setEditing(null);
                      if (saved)
                        setNotice({ tone: "ok", text: t("looks.saved", { id: token.id }) });
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
