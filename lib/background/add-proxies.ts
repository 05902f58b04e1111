/**
 * Proxies the user already has, added from lines of text or one by its fields: parsed again
 * here (the page's preview is never trusted), each kept only if it can be stored and become a
 * proxy config, given a local id (negative: the provider never sees it) unless the line names
 * the provider's own token id, and stored in one write.
 */
import type { AddProxiesOutcome } from "../protocol/commands";
import { acceptToken } from "../state/accept-token";
import { type LineVerdict, parseProxyLines } from "../state/proxy-lines";
import type { TokenLook } from "../state/token-look";
import type { StoredToken } from "../state/tokens";
import { updateState } from "../storage/store";

export function addProxies(text: string, now: number): Promise<AddProxiesOutcome> {
  return storeProxies((tokens) => parseProxyLines(text, tokens), now);
}

/**
 * The verdicts (judged against the stored tokens, in the same step as the write) stored; `look`:
 * the name and colour the field form gave, already through the gate (look-check.ts).
 */
export function storeProxies(
  judge: (held: readonly StoredToken[]) => LineVerdict[],
  now: number,
  look?: TokenLook,
): Promise<AddProxiesOutcome> {
  return updateState(["tokens", "trash"], ({ tokens, trash }) => {
    const verdicts = judge(tokens);
    const heldIds = new Set([...tokens.map((t) => t.id), ...trash.map((e) => e.token.id)]);
    // Local ids count down from the lowest held, trash included, so none is ever reused.
    let nextId = Math.min(0, ...heldIds) - 1;
    const added: StoredToken[] = [];
    const rejected: AddProxiesOutcome["rejected"] = [];
    let duplicate = 0;
    for (const verdict of verdicts) {
      if (verdict.outcome === "rejected") {
        rejected.push({ line: verdict.line, problem: verdict.problem });
        continue;
      }
      if (verdict.outcome === "duplicate") {
        duplicate++;
        continue;
      }
      const { proxy } = verdict;
      // A provider id the user gave links provider delete and restore; it must be new here.
      if (proxy.providerId !== null && heldIds.has(proxy.providerId)) {
        rejected.push({ line: verdict.line, problem: "token-held" });
        continue;
      }
      const id = proxy.providerId ?? nextId;
      const accepted = acceptToken({
        id,
        kind: "manual",
        networkType: proxy.networkType,
        host: proxy.host,
        port: proxy.port,
        username: proxy.username,
        password: proxy.password,
        // The exit address is learned by the first check through it.
        ip: "",
        name: proxy.name,
        country: proxy.country,
        countryCode: "",
        state: "",
        city: "",
        expiresAt: proxy.expiresAt,
        refreshUrl: "",
        trafficQuota: null,
        trafficUsed: null,
        createdAt: now,
        ...(look ? { look } : {}),
      });
      if (!accepted.ok) {
        rejected.push({ line: verdict.line, problem: "host" });
        continue;
      }
      added.push(accepted.token);
      heldIds.add(id);
      if (proxy.providerId === null) nextId--;
    }
    return {
      write: { tokens: [...added, ...tokens] },
      result: { added: added.map((t) => t.id), duplicate, rejected },
    };
  });
}
