/**
 * Chrome's cached login per gateway spelling: when a spelling comes to stand for another token
 * its cached login is dropped before the new config goes in, and a challenge is answered as
 * the applied config was written (real extension storage, fakeBrowser).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { GONE_LOGIN, type LoginLookup } from "../../../lib/proxy/auth";
import {
  changeOwners,
  claimOwners,
  ownersNow,
  recordFreshInstall,
  releaseClaims,
  spellingFor,
} from "../../../lib/proxy/gateway-owners";
import { chromeLoginFor } from "../../../lib/proxy/route-plan";
import type { SiteRule } from "../../../lib/routing/rules";
import type { StoredToken } from "../../../lib/state/tokens";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

const gw = { host: "127.0.0.1", port: 8000 };
/** A lookup's token id, or what it found instead (none, or a token since removed). */
const idOf = (login: LoginLookup) => (typeof login === "object" && login ? login.id : login);
const [a, b, c] = [1, 2, 3].map((id) => makeToken({ id, ...gw }));
const tokens = [a, b, c] as StoredToken[];

beforeEach(async () => {
  fakeBrowser.reset();
  await recordFreshInstall();
});

async function forgotten(next: Record<string, number>) {
  const dropped: number[][] = [];
  await changeOwners(next, tokens, async (t) => {
    dropped.push(t.map((tk) => tk.id));
  });
  return dropped;
}

describe("changeOwners", () => {
  it("the first record after a fresh install drops nothing (Chrome holds none of our logins)", async () => {
    expect(await forgotten({ "127.0.0.1:8000": 1, "localhost:8000": 2 })).toEqual([]);
    expect(await read("gatewayOwners")).toEqual({ "127.0.0.1:8000": 1, "localhost:8000": 2 });
  });

  it("nothing recorded by this version (an update from one that kept no record): the first config drops every stored token's logins at every spelling, once", async () => {
    fakeBrowser.reset();
    const at: unknown[] = [];
    await changeOwners({ "localhost:8000": 2 }, tokens, async (t, where) => {
      at.push(
        t.map((tk) => tk.id),
        where,
      );
    });
    // Both spellings: the one not written now may hold another token's login too.
    expect(at).toEqual([
      [1, 2, 3],
      [
        { host: "127.0.0.1", port: 8000 },
        { host: "localhost", port: 8000 },
      ],
    ]);
    expect(await read("gatewayOwners")).toEqual({ "localhost:8000": 2 });
    // Known from then on: a switch to the other spelling drops nothing more.
    expect(await forgotten({ "127.0.0.1:8000": 1 })).toEqual([]);
  });

  it("an update or reload of the extension keeps the record (storage.local); a fresh-install mark does not overwrite it", async () => {
    await forgotten({ "127.0.0.1:8000": 1, "localhost:8000": 2 });
    expect(await fakeBrowser.storage.session.get("gatewayOwners")).toEqual({});
    expect(await fakeBrowser.storage.local.get("gatewayOwners")).toEqual({
      gatewayOwners: { "127.0.0.1:8000": 1, "localhost:8000": 2 },
    });
    await recordFreshInstall();
    expect(await read("gatewayOwners")).toEqual({ "127.0.0.1:8000": 1, "localhost:8000": 2 });
  });

  it("a spelling that now stands for another token loses its cached login first", async () => {
    await forgotten({ "127.0.0.1:8000": 1, "localhost:8000": 2 });
    // Token 2 is gone: token 3 moves onto its spelling, which still holds 2's login.
    expect(await forgotten({ "127.0.0.1:8000": 1, "localhost:8000": 3 })).toEqual([[3]]);
    expect(await forgotten({ "127.0.0.1:8000": 1, "localhost:8000": 3 })).toEqual([]);
  });

  it("drops the login of the spelling that changed owner only, not the gateway's other spelling", async () => {
    await forgotten({ "127.0.0.1:8000": 1, "localhost:8000": 2 });
    const at: unknown[] = [];
    await changeOwners({ "127.0.0.1:8000": 1, "localhost:8000": 3 }, tokens, async (t, where) => {
      at.push(
        t.map((tk) => tk.id),
        where,
      );
    });
    expect(at).toEqual([[3], [{ host: "localhost", port: 8000 }]]);
    // An IPv6 spelling keeps its colons.
    await forgotten({ "::1:8000": 1 });
    const v6: unknown[] = [];
    await changeOwners({ "::1:8000": 3 }, tokens, async (_t, where) => {
      v6.push(...where);
    });
    expect(v6).toEqual([{ host: "::1", port: 8000 }]);
  });

  it("keeps the spellings a config no longer writes: their logins are still held", async () => {
    await forgotten({ "127.0.0.1:8000": 1 });
    // A switch to token 2 at the other spelling drops nothing; 127.0.0.1 still holds 1's login.
    expect(await forgotten({ "localhost:8000": 2 })).toEqual([]);
    expect(await read("gatewayOwners")).toEqual({ "127.0.0.1:8000": 1, "localhost:8000": 2 });
    // And back: each spelling still holds its token's login.
    expect(await forgotten({ "127.0.0.1:8000": 1 })).toEqual([]);
  });

  it("applies beside the record when nothing is dropped, after the drop when one is", async () => {
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(name);
    };
    await changeOwners({ "127.0.0.1:8000": 1 }, tokens, step("forget"), step("apply"));
    expect(order).toEqual(["apply"]);
    order.length = 0;
    await changeOwners({ "127.0.0.1:8000": 2 }, tokens, step("forget"), step("apply"));
    expect(order).toEqual(["forget", "apply"]);
  });
});

describe("a switch and a health check's claim at once", () => {
  const order: string[] = [];
  const forget = async (t: StoredToken[], where: { host: string }[]) => {
    order.push(`forget ${where.map((w) => w.host).join()} for ${t.map((tk) => tk.id).join()}`);
  };
  const apply = async () => void order.push("apply");
  beforeEach(() => {
    order.length = 0;
  });

  it("a running check's claim is seen by a switch before it is stored: the switch takes the other spelling, or drops the claim's login before its config goes in", async () => {
    const claiming = claimOwners({ "localhost:8000": 3 });
    // The switch read the owners before the claim ({}): its spelling choice sees the claim.
    expect(spellingFor({ id: 2, ...gw }, ownersNow({}))).toBe("127.0.0.1");
    // Forced onto it (every spelling taken otherwise): dropped first.
    await changeOwners({ "localhost:8000": 2 }, tokens, forget, apply, {});
    expect(order).toEqual(["forget localhost for 2", "apply"]);
    expect(await claiming).toEqual(new Set());
    expect(await read("gatewayOwners")).toEqual({ "localhost:8000": 2 });
    releaseClaims({ "localhost:8000": 3 });
    expect(ownersNow(null)).toEqual({});
  });

  it("a claim stored after the switch read the owners, its run over: still dropped, after the apply", async () => {
    await writeState({ gatewayOwners: { "localhost:8000": 3 } });
    await changeOwners({ "localhost:8000": 2 }, tokens, forget, apply, {});
    expect(order).toEqual(["apply", "forget localhost for 2"]);
    expect(await read("gatewayOwners")).toEqual({ "localhost:8000": 2 });
  });

  it("the same, when the switch drops a login anyway: both go in the one drop before the apply", async () => {
    await writeState({ gatewayOwners: { "127.0.0.1:8000": 1, "localhost:8000": 3 } });
    await changeOwners({ "127.0.0.1:8000": 2, "localhost:8000": 2 }, tokens, forget, apply, {
      "127.0.0.1:8000": 1,
    });
    expect(order).toEqual(["forget 127.0.0.1,localhost for 2", "apply"]);
  });

  it("a claim of a spelling a switch took since the check planned is refused and not written; a free one is granted", async () => {
    await writeState({ gatewayOwners: { "localhost:8000": 2 } });
    const claims = { "localhost:8000": 3, "127.0.0.1:8000": 1 };
    expect(await claimOwners(claims)).toEqual(new Set(["localhost:8000"]));
    expect(await read("gatewayOwners")).toEqual({ "localhost:8000": 2, "127.0.0.1:8000": 1 });
    // A claim the token already holds is no conflict.
    expect(await claimOwners({ "127.0.0.1:8000": 1 })).toEqual(new Set());
    releaseClaims(claims);
    expect(ownersNow(null)).toEqual({});
  });

  it("a claim made while a switch's record of its spelling is being written never answers for it", async () => {
    const switching = changeOwners({ "localhost:8000": 2 }, tokens, forget, apply, {});
    const claiming = claimOwners({ "localhost:8000": 3 });
    // A challenge there meanwhile is the switch's token's (Chrome caches what it is given).
    expect(ownersNow(null)["localhost:8000"]).toBe(2);
    expect(await claiming).toEqual(new Set(["localhost:8000"]));
    await switching;
    expect(ownersNow(null)).toEqual({});
  });

  it("a spelling in a switch's record still being written is refused at once", async () => {
    const switching = changeOwners({ "localhost:8000": 2 }, tokens, forget, apply, {});
    expect(await claimOwners({ "localhost:8000": 3 })).toEqual(new Set(["localhost:8000"]));
    await switching;
    expect(order).toEqual(["apply"]);
    expect(await read("gatewayOwners")).toEqual({ "localhost:8000": 2 });
  });
});

describe("spellingFor", () => {
  const owners = { "127.0.0.1:8000": 1, "localhost:8000": 2 };
  it("takes the spelling that holds the token's own login, else a free one", () => {
    expect(spellingFor(a as StoredToken, owners)).toBe("127.0.0.1");
    expect(spellingFor(b as StoredToken, owners)).toBe("localhost");
    expect(spellingFor(c as StoredToken, { "127.0.0.1:8000": 1 })).toBe("localhost");
  });
  it("with every spelling held by others, gives up the one not of the token traffic leaves", () => {
    expect(spellingFor(c as StoredToken, owners, 1)).toBe("localhost");
    expect(spellingFor(c as StoredToken, owners, 2)).toBe("127.0.0.1");
  });
  it("an address with no second spelling is the only choice", () => {
    const bare = makeToken({ id: 7, host: "198.51.100.7", port: 8000 });
    expect(spellingFor(bare, { "198.51.100.7:8000": 1 }, 1)).toBe("198.51.100.7");
  });
});

describe("late challenges", () => {
  it("records the new owners before the forget, so a challenge meanwhile gets the new login", async () => {
    await writeState({ tokens });
    await forgotten({ "127.0.0.1:8000": 1 });
    let answeredDuringForget: ReturnType<typeof idOf> | undefined;
    await changeOwners({ "127.0.0.1:8000": 2 }, tokens, async () => {
      const login = await chromeLoginFor({ requestId: "r", isProxy: true, challenger: gw });
      answeredDuringForget = idOf(login);
    });
    expect(answeredDuringForget).toBe(2);
  });

  it("a challenge at the spelling a switch left is answered with the login of the token it was sent through", async () => {
    await writeState({ tokens });
    await forgotten({ "127.0.0.1:8000": 1 });
    await forgotten({ "localhost:8000": 2 }); // switched to token 2
    const at = (host: string) =>
      chromeLoginFor({ requestId: "late", isProxy: true, challenger: { host, port: 8000 } });
    expect(idOf(await at("127.0.0.1"))).toBe(1);
    expect(idOf(await at("localhost"))).toBe(2);
  });

  it("a challenge at a spelling whose token was deleted since is the removed token's, not nobody's", async () => {
    await writeState({ tokens });
    await forgotten({ "127.0.0.1:8000": 1 });
    await forgotten({ "localhost:8000": 2 });
    // Token 2 moves to the trash while a request sent through it is still asking.
    await writeState({ tokens: [a, c] as StoredToken[] });
    const at = (host: string) =>
      chromeLoginFor({ requestId: "late", isProxy: true, challenger: { host, port: 8000 } });
    expect(await at("localhost")).toBe(GONE_LOGIN);
    expect(idOf(await at("127.0.0.1"))).toBe(1);
  });
});

describe("chromeLoginFor", () => {
  const rule = (id: string, tokenId: number): SiteRule => ({
    id,
    enabled: true,
    source: { type: "pattern", text: `${id}.test` },
    route: { kind: "token", tokenId },
  });

  it("answers as the applied config was written, not as the rules would spell it now", async () => {
    await writeState({ tokens, siteRules: [rule("b", 2), rule("c", 3)] });
    await changeOwners({ "127.0.0.1:8000": 2, "localhost:8000": 3 }, tokens, async () => {});
    // The rules change in storage; the browser still runs the old config until it is applied.
    await writeState({ siteRules: [rule("c", 3), rule("b", 2)] });
    const at = (host: string) =>
      chromeLoginFor({ requestId: "r", isProxy: true, challenger: { host, port: 8000 } });
    expect(idOf(await at("localhost"))).toBe(3);
    expect(idOf(await at("127.0.0.1"))).toBe(2);
    const spelled = await at("localhost");
    expect(typeof spelled === "object" && spelled?.host).toBe("localhost");
  });

  it("with nothing applied yet, answers as the rules spell it", async () => {
    await writeState({ tokens, siteRules: [rule("b", 2), rule("c", 3)] });
    const found = await chromeLoginFor({
      requestId: "r",
      isProxy: true,
      challenger: { host: "localhost", port: 8000 },
    });
    expect(idOf(found)).toBe(3);
  });
});
