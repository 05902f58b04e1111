/** The per-row actions of the token list, each with a pending state that ends on the reply. */

import { type StateUpdater, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Failure } from "../../lib/base/failure";
import { credentialLine, proxyUrl } from "../../lib/popup/copy";
import type { Notice } from "../../lib/popup/outcome";
import type { CommandOf } from "../../lib/protocol/send";
import type { StoredToken } from "../../lib/state/tokens";
import { useEnv } from "./env";
import { withIds, withMark } from "./id-state";
import { withPageCatalog } from "./lazy";
import type { RowAction, RowHandlers } from "./TokenRow";

const NOTE_MS = 3000;

export function useRowActions(
  tokens: StoredToken[],
  notify: (notice: Notice) => void,
  setSelected: (update: StateUpdater<ReadonlySet<number>>) => void,
) {
  const { t, send, copy, explain, language } = useEnv();
  const [pending, setPending] = useState<ReadonlyMap<number, RowAction>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, Failure>>(new Map());
  const [notes, setNotes] = useState<ReadonlyMap<number, string>>(new Map());

  // Handlers read the latest state through a ref, so rows can keep one stable object.
  const latest = useRef({ tokens, send, copy, t, notify, explain, language });
  latest.current = { tokens, send, copy, t, notify, explain, language };

  const noteTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = noteTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const { handlers, deleteIds } = useMemo(() => {
    const mark = (ids: number[], action: RowAction | undefined) =>
      setPending((map) => withMark(map, ids, action));
    const setError = (id: number, failure: Failure | undefined) =>
      setErrors((map) => withMark(map, [id], failure));
    const setNote = (id: number, note: string) => {
      setNotes((map) => withMark(map, [id], note));
      const timers = noteTimers.current;
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          setNotes((map) => withMark(map, [id], undefined));
        }, NOTE_MS),
      );
    };
    /** Every pending state ends here, on the reply or its error. */
    const run = async (
      id: number,
      action: RowAction,
      command: CommandOf<"connect" | "off" | "refreshIp">,
      onOk?: () => void,
    ) => {
      mark([id], action);
      setError(id, undefined);
      const reply = await latest.current.send(command);
      mark([id], undefined);
      if (reply.ok) onOk?.();
      else setError(id, reply.failure);
    };
    const rowHandlers: RowHandlers = {
      onSelect: (id, isSelected) => setSelected((set) => withIds(set, [id], isSelected)),
      onConnect: (id) => void run(id, "connect", { type: "connect", tokenId: id }),
      // The row's Off is the user's Off: every site direct, site rules included.
      onDisconnect: (id) => void run(id, "disconnect", { type: "off" }),
      onRefresh: (id) =>
        void run(id, "refresh", { type: "refreshIp", tokenId: id }, () =>
          setNote(id, latest.current.t("refreshed")),
        ),
      onCopy: async (id, format) => {
        const token = latest.current.tokens.find((tk) => tk.id === id);
        if (!token) return;
        const ok = await latest.current.copy(
          format === "line" ? credentialLine(token) : proxyUrl(token),
        );
        setNote(id, latest.current.t(ok ? "copied" : "copyFailed"));
      },
      onDelete: (id) => void deleteIds([id]),
    };
    return { handlers: rowHandlers, deleteIds };
    async function deleteIds(ids: number[]) {
      mark(ids, "delete");
      // The wording of outcomes loads beside the reply: off the popup's first path.
      const words = withPageCatalog(import("../../lib/popup/outcome"));
      const reply = await latest.current.send({ type: "deleteTokens", tokenIds: ids });
      const { deleteNotice, errorNotice, outcomeWords } = await words;
      mark(ids, undefined);
      const { notify: show, language, explain } = latest.current;
      if (!reply.ok) {
        show(errorNotice(reply.failure, explain));
        return;
      }
      const outcome = reply.data;
      setSelected((set) => new Set([...set].filter((id) => !outcome.done.includes(id))));
      show(deleteNotice(outcome, outcomeWords(language), explain));
    }
  }, []);

  return { handlers, deleteIds, pending, errors, notes };
}
