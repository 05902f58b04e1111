/**
 * Races of a token's delete or restore.
 *
 * A token deleted while the user connects it (Options and the popup side by side, or a second
 * click): the switch waits for the delete on the wire (lib/proxy/engine.ts), reads again, and
 * says the token is gone; it never applies the deleted token's gateway, which refuses its
 * login (every provider call and page through it would meet a 407), and traffic stays on the
 * token before. Before the fix the switch applied the token it read before waiting, and the
 * connection pointed at a token in the trash.
 */
import type { Connection } from "../../lib/state/status";
import type { StoredToken } from "../../lib/state/tokens";
import type { TrashEntry } from "../../lib/state/trash";
import {
  control,
  heldAnswers,
  must,
  pendingFaults,
  providerStatusOf,
} from "../support/sandbox-session";
import type { Scenario } from "./driver";

export const tokenRaceScenarios: Scenario[] = [
  {
    name: "a token deleted while it is being connected is not connected: the switch says so, traffic stays on the token before",
    async run({ main, echo, sb, can, expect }) {
      await can.useSandbox();
      const [first, second] = await main.createTokens("static-traffic", 2);
      const [before, doomed] = [must(first, "first"), must(second, "second")];
      await main.sendOk({ type: "connect", tokenId: before.id });
      expect(await main.exitOfPageLoad(`${echo.url}/before`)).toBe(before.ip);

      // The provider takes its time over the delete; the user connects the token meanwhile.
      await control(sb, "faults", { delay_ms: 1500, count: 1 });
      const deleting = main.send({ type: "deleteTokens", tokenIds: [doomed.id] });
      // The delete has reached the provider (it took the delay): it is on the wire.
      await expect.poll(() => pendingFaults(sb)).toBe(0);
      const connecting = main.send({ type: "connect", tokenId: doomed.id });
      const [deleted, connected] = await Promise.all([deleting, connecting]);

      expect(deleted.ok).toBe(true);
      expect(connected).toEqual({ ok: false, failure: { code: "token-missing" } });
      const connection = (await main.stored("local", "connection")) as Connection;
      expect(connection.activeTokenId).toBe(before.id);
      expect(await main.exitOfPageLoad(`${echo.url}/after`)).toBe(before.ip);
      // The popup says what holds: the token before, connected; the deleted one not listed.
      const popup = await main.popup();
      await expect
        .poll(() => popup.shown(`.row--active[data-token-id="${before.id}"]`))
        .toBeGreaterThan(0);
      expect(await popup.count(`[data-token-id="${doomed.id}"]`)).toBe(0);
      await popup.close();
    },
  },
  {
    name: "a token connected and deleted in the same moment: the delete's request never goes through the token it deletes, and the token ends in the trash, not connected",
    async run({ main, echo, sb, can, expect }) {
      await can.useSandbox();
      const [first, second] = await main.createTokens("static-traffic", 2);
      const [before, doomed] = [must(first, "first"), must(second, "second")];
      await main.sendOk({ type: "connect", tokenId: before.id });
      // The provider answers late: the switch is applying when the delete goes out. Before the
      // fix the delete went out through the token it deleted, whose gateway refuses a deleted
      // token's login: its answer, and every repeat, met a proxy's question (407), and the
      // token stayed listed though the provider had deleted it.
      await control(sb, "faults", { delay_ms: 300, count: 4 });
      const [connected, deleted] = await Promise.all([
        main.send({ type: "connect", tokenId: doomed.id }),
        main.send({ type: "deleteTokens", tokenIds: [doomed.id] }),
      ]);
      expect(deleted).toMatchObject({ ok: true, data: { done: [doomed.id], failed: [] } });
      // Either the switch landed first and the delete left it, or it waited for the delete
      // and was told the token is gone; never a proxy's question.
      if (!connected.ok)
        expect(connected).toEqual({ ok: false, failure: { code: "token-missing" } });
      expect(await providerStatusOf(sb, doomed.id)).toBe("deleted");
      const trash = (await main.stored("local", "trash")) as TrashEntry[];
      expect(trash.map((e) => e.token.id)).toContain(doomed.id);
      const connection = (await main.stored("local", "connection")) as Connection;
      expect(connection.activeTokenId === doomed.id).toBe(false);
      expect(await main.stored("local", "movesOnWire")).toEqual({});
      // Nor does the status name the deleted token (a switch's late status write, say).
      await expect.poll(async () => (await main.proxyStatus()).tokenId === doomed.id).toBe(false);
      // Traffic goes where the connection says: through the token before, or direct when the
      // delete left the deleted token (a Disconnect: the user did not choose Off).
      const exit = await main.exitOfPageLoad(`${echo.url}/after`);
      if (connection.activeTokenId === before.id) expect(exit).toBe(before.ip);
      else expect([connection.activeTokenId, exit === doomed.ip]).toEqual([null, false]);
    },
  },
  {
    name: "a restore cut by a browser restart and a delete cut by a worker stop, both done by the provider: the repeat it refuses as done already is taken as done",
    async run({ main, echo, sb, can, expect }) {
      await can.useSandbox();
      const [first, second] = await main.createTokens("static-traffic", 2);
      const [a, b] = [must(first, "a"), must(second, "b")];
      const ids = async (key: "tokens" | "trash") =>
        key === "tokens"
          ? ((await main.stored("local", "tokens")) as StoredToken[]).map((t) => t.id)
          : ((await main.stored("local", "trash")) as TrashEntry[]).map((e) => e.token.id);
      await main.sendOk({ type: "deleteTokens", tokenIds: [a.id] });

      // The provider holds the restore's answer; the browser closes meanwhile, and then the
      // provider restores the token with nobody left to hear it.
      // Only the restore (a PUT) is held: the extension's own GETs (an exit check) pass.
      await control(sb, "faults", { hold: true, count: 1, method: "PUT" });
      const restoring = main.send({ type: "restoreTokens", tokenIds: [a.id] }).catch(() => null);
      await expect.poll(() => heldAnswers(sb)).toBe(1);
      await can.restart();
      await restoring;
      await control(sb, "faults/release");
      await expect.poll(() => providerStatusOf(sb, a.id)).toBe("active");
      expect(await ids("trash")).toContain(a.id);
      // The user restores it again: the provider says it is not deleted, and it is back.
      const restored = await main.sendOk({ type: "restoreTokens", tokenIds: [a.id] });
      expect(restored).toMatchObject({ done: [a.id], failed: [] });
      expect(await ids("trash")).not.toContain(a.id);
      expect(await ids("tokens")).toContain(a.id);
      await main.sendOk({ type: "connect", tokenId: a.id });
      expect(await main.exitOfPageLoad(`${echo.url}/restored`)).toBe(a.ip);

      // The same for a delete, cut by the background stopping.
      await control(sb, "faults", { hold: true, count: 1, method: "DELETE" });
      const deleting = main.send({ type: "deleteTokens", tokenIds: [b.id] }).catch(() => null);
      await expect.poll(() => heldAnswers(sb)).toBe(1);
      await can.worker.stop();
      await deleting;
      await control(sb, "faults/release");
      await expect.poll(() => providerStatusOf(sb, b.id)).toBe("deleted");
      expect(await ids("tokens")).toContain(b.id);
      const deleted = await main.sendOk({ type: "deleteTokens", tokenIds: [b.id] });
      expect(deleted).toMatchObject({ done: [b.id], failed: [] });
      expect(await ids("tokens")).not.toContain(b.id);
      expect(await ids("trash")).toContain(b.id);
      expect(await main.stored("local", "movesOnWire")).toEqual({});
    },
  },
];
