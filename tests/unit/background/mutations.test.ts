/**
 * The hold a switch takes on purchases, deletes and restores: it waits for those on the wire,
 * and those asked while it applies start after it (a proxy change may cut a request in flight;
 * a delete cut three times after the provider did it stayed listed in the overlap test).
 */
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../lib/api";
import { createMutationTracker } from "../../../lib/background/mutations";

/** A client whose calls log when they start and end only when the test lets them. */
function heldClient(log: string[]) {
  const pending = new Map<string, () => void>();
  const call =
    (name: string) =>
    (id: number | string): Promise<string> => {
      log.push(`${name} ${id} sent`);
      return new Promise((resolve) => {
        pending.set(`${name} ${id}`, () => {
          log.push(`${name} ${id} answered`);
          resolve(`${name} ${id}`);
        });
      });
    };
  const client = {
    deleteToken: call("deleteToken"),
    restoreToken: call("restoreToken"),
    getIpInfo: call("getIpInfo"),
  } as unknown as ApiClient;
  const answer = (key: string) => pending.get(key)?.();
  return { client, answer };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("mutation tracker", () => {
  it("a delete asked while a switch applies starts once the switch is done", async () => {
    const log: string[] = [];
    const { client, answer } = heldClient(log);
    const mutations = createMutationTracker();
    const api = mutations.tracked(client);
    let applied!: () => void;
    const switching = mutations.held(async (waited) => {
      log.push(`apply (waited: ${waited})`);
      const deleted = api.deleteToken(6);
      await new Promise<void>((resolve) => {
        applied = resolve;
      });
      log.push("applied");
      // Not awaited here: a hold's work that waited for a call it holds would never end.
      return { deleted };
    });
    await turn();
    expect(log).toEqual(["apply (waited: false)"]);
    applied();
    const { deleted } = await switching;
    expect(log).toEqual(["apply (waited: false)", "applied", "deleteToken 6 sent"]);
    answer("deleteToken 6");
    expect(await deleted).toBe("deleteToken 6");
  });

  it("a switch waits for the delete on the wire, and says it waited", async () => {
    const log: string[] = [];
    const { client, answer } = heldClient(log);
    const mutations = createMutationTracker();
    const deleted = mutations.tracked(client).deleteToken(6);
    const switching = mutations.held(async (waited) => {
      log.push(`apply (waited: ${waited})`);
    });
    await turn();
    expect(log).toEqual(["deleteToken 6 sent"]);
    answer("deleteToken 6");
    await Promise.all([deleted, switching]);
    expect(log).toEqual(["deleteToken 6 sent", "deleteToken 6 answered", "apply (waited: true)"]);
  });

  it("a hold inside a hold runs at once; what was asked meanwhile starts after the outer one, in order", async () => {
    const log: string[] = [];
    const { client } = heldClient(log);
    const mutations = createMutationTracker();
    const api = mutations.tracked(client);
    await mutations.held(async () => {
      void api.deleteToken(1);
      void api.restoreToken(2);
      await mutations.held(async (waited) => {
        log.push(`forget (waited: ${waited})`);
      });
      log.push("applied");
    });
    expect(log).toEqual([
      "forget (waited: false)",
      "applied",
      "deleteToken 1 sent",
      "restoreToken 2 sent",
    ]);
  });

  it("what a hold let go is on the wire before the next hold looks", async () => {
    const log: string[] = [];
    const { client, answer } = heldClient(log);
    const mutations = createMutationTracker();
    const api = mutations.tracked(client);
    let next: Promise<void> | undefined;
    await mutations
      .held(async () => {
        void api.deleteToken(6);
      })
      .then(() => {
        next = mutations.held(async (waited) => {
          log.push(`apply (waited: ${waited})`);
        });
      });
    await turn();
    expect(log).toEqual(["deleteToken 6 sent"]);
    answer("deleteToken 6");
    await next;
    expect(log).toEqual(["deleteToken 6 sent", "deleteToken 6 answered", "apply (waited: true)"]);
  });

  it("a lookup is neither held nor waited for", async () => {
    const log: string[] = [];
    const { client } = heldClient(log);
    const mutations = createMutationTracker();
    const api = mutations.tracked(client);
    void api.getIpInfo("1");
    await mutations.held(async (waited) => {
      void api.getIpInfo("2");
      log.push(`apply (waited: ${waited})`);
    });
    expect(log).toEqual(["getIpInfo 1 sent", "getIpInfo 2 sent", "apply (waited: false)"]);
  });
});
