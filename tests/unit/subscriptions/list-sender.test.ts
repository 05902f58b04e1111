/**
 * How a list's request is sent in each browser (glue): Firefox routes the one request; Chrome
 * routes the list's host through the chosen token for the fetch, unless the browser already
 * sends it there (then the config, and the gateway's cached logins, are left alone).
 */
import { describe, expect, it } from "vitest";
import { listSender } from "../../../lib/background/list-sender";
import { makeToken } from "../stored-token";

const token = makeToken({ id: 4 });
const ok = async () => new Response("||a.example\n");

function chromeSender(tokenNow: number | null) {
  const applied: number[] = [];
  const send = listSender({
    firefoxVia: null,
    rulesChanged: async () => {
      applied.push(Date.now());
    },
    tokenNow: async () => tokenNow,
    fetch: ok,
  });
  return { send, applied };
}

describe("listSender", () => {
  it("Chrome, through a token the host does not take now: routed there for the fetch, then back", async () => {
    const { send, applied } = chromeSender(9);
    const response = await send(token)("https://lists.example/l.txt", {});
    expect(await response.text()).toBe("||a.example\n");
    expect(applied).toHaveLength(2);
  });

  it("Chrome, through the token the host takes already: no config change", async () => {
    const { send, applied } = chromeSender(4);
    await send(token)("https://lists.example/l.txt", {});
    expect(applied).toHaveLength(0);
  });

  it("Chrome, direct: the way the browser goes, no config change", async () => {
    const { send, applied } = chromeSender(9);
    await send(null)("https://lists.example/l.txt", {});
    expect(applied).toHaveLength(0);
  });

  it("Firefox: the request alone, with its route", async () => {
    const routed: (number | null)[] = [];
    const send = listSender({
      firefoxVia: async (_url, via, run) => {
        routed.push(via?.id ?? null);
        return run();
      },
      rulesChanged: async () => undefined,
      tokenNow: async () => null,
      fetch: ok,
    });
    await send(token)("https://lists.example/l.txt", {});
    await send(null)("https://lists.example/l.txt", {});
    expect(routed).toEqual([4, null]);
  });
});
