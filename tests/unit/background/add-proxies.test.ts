/** Adding existing proxies over real extension storage (fakeBrowser): parsed again, stored once. */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { addProxies } from "../../../lib/background/add-proxies";
import { read } from "../../../lib/storage/read";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-23T12:00:00Z");

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set({
    tokens: [makeToken({ id: 7, host: "gw.example.net", port: 8000, username: "held" })],
    trash: [{ token: makeToken({ id: -3 }), deletedAt: NOW, restoreDeadline: NOW + 1 }],
  });
});

describe("addProxies", () => {
  it("stores the new lines as hand-added tokens with fresh local ids, in one write", async () => {
    const outcome = await addProxies(
      [
        "gw.example.net:8000:held:x",
        "gw.example.net:8000:new:pw",
        "socks5://a:b@10.0.0.9:1080",
        "10.0.0.9:1080:x",
      ].join("\n"),
      NOW,
    );
    // Below every id held, the trash's -3 included: none is ever reused.
    expect(outcome).toEqual({
      added: [-4, -5],
      duplicate: 1,
      rejected: [{ line: 4, problem: "format" }],
    });
    const tokens = await read("tokens");
    expect(tokens.map((t) => [t.id, t.kind, t.networkType, t.username])).toEqual([
      [-4, "manual", "HTTP", "new"],
      [-5, "manual", "SOCKS5", "a"],
      [7, "static-ip", "HTTP", "held"],
    ]);
    // The same text again adds nothing.
    expect((await addProxies("gw.example.net:8000:new:pw", NOW)).duplicate).toBe(1);
    expect(await read("tokens")).toHaveLength(3);
  });

  it("a line with the provider's token id keeps that id (provider delete and restore reach it), once", async () => {
    const outcome = await addProxies(
      ["host,port,username,password,token_id", "10.0.0.1,80,a,p,4711", "10.0.0.2,80,b,p,7"].join(
        "\n",
      ),
      NOW,
    );
    expect(outcome).toEqual({
      added: [4711],
      duplicate: 0,
      rejected: [{ line: 3, problem: "token-held" }],
    });
    expect((await read("tokens")).find((t) => t.id === 4711)?.kind).toBe("manual");
  });
});
