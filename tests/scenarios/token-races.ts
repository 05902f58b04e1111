/**
 * A token deleted while the user connects it (Options and the popup side by side, or a second
 * click): the switch waits for the delete on the wire (lib/proxy/engine.ts), reads again, and
 * says the token is gone; it never applies the deleted token's gateway, which refuses its
 * login (every provider call and page through it would meet a 407), and traffic stays on the
 * token before. Before the fix the switch applied the token it read before waiting, and the
 * connection pointed at a token in the trash.
 */
import type { Connection } from "../../lib/state/status";
import { control, must, pendingFaults } from "../support/sandbox-session";
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
];
