/**
 * The user's edits of a token: its look (name and colour) for any token, and for a proxy they
 * added by hand its address and login too. Each value passes the gate its door shares with the
 * others (look-check.ts; the paste box's field checks, proxy-line.ts) before anything is
 * stored; a refusal comes back as a code for the page to word, and nothing is written.
 */
import type { EditOutcome } from "../protocol/commands";
import { acceptToken } from "../state/accept-token";
import { checkLook } from "../state/look-check";
import { judgeFields, type ProxyFields } from "../state/proxy-lines";
import type { StoredToken } from "../state/tokens";
import { updateState } from "../storage/store";

export interface TokenEdit {
  tokenId: number;
  look: { name: string; colour: string };
  /** A hand-added proxy's fields; an empty password keeps the stored one. */
  proxy?: ProxyFields | undefined;
}

function movedProxy(token: StoredToken, fields: ProxyFields): StoredToken | EditOutcome {
  if (token.kind !== "manual") return { problem: "not-editable" };
  const password = fields.password === "" ? token.password : fields.password;
  const [verdict] = judgeFields({ ...fields, password }, []);
  if (!verdict || verdict.outcome === "rejected")
    return { problem: verdict?.outcome === "rejected" ? verdict.problem : "format" };
  const { host, port, username, networkType } = verdict.proxy;
  const accepted = acceptToken({ ...token, host, port, username, password, networkType });
  return accepted.ok ? accepted.token : { problem: "host" };
}

export function editToken(edit: TokenEdit): Promise<EditOutcome> {
  const look = checkLook(edit.look);
  if (!look.ok) return Promise.resolve({ refusal: look.refusal });
  return updateState(["tokens"], ({ tokens }) => {
    const index = tokens.findIndex((t) => t.id === edit.tokenId);
    const token = tokens[index];
    if (!token) return { result: { problem: "missing" } };
    const moved = edit.proxy ? movedProxy(token, edit.proxy) : token;
    if (!("id" in moved)) return { result: moved };
    const key = (t: StoredToken) => `${t.host}\u0000${t.port}\u0000${t.username}`;
    // Two proxies at one address with one login would be one proxy listed twice.
    if (tokens.some((t, i) => i !== index && key(t) === key(moved)))
      return { result: { problem: "duplicate" } };
    const next = [...tokens];
    next[index] = { ...moved, look: look.value };
    return { write: { tokens: next }, result: {} };
  });
}
