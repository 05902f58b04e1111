/** The expiry alarm: set at the next expiry among the tokens carrying traffic (glue, fake alarms). */
import { describe, expect, it } from "vitest";
import { EXPIRY_ALARM, syncExpiryAlarm } from "../../../lib/proxy/expiry-alarm";

function fakeAlarms() {
  const set = new Map<string, number>();
  return {
    set,
    get: async (name: string) => {
      const when = set.get(name);
      return when === undefined ? undefined : { scheduledTime: when };
    },
    clear: async (name: string) => set.delete(name),
    create: async (name: string, info: { when: number }) => {
      set.set(name, info.when);
    },
  };
}

describe("syncExpiryAlarm", () => {
  const now = 1_000;
  it("takes the earliest future expiry among the connected token and the rules' tokens", async () => {
    const alarms = fakeAlarms();
    await syncExpiryAlarm(
      alarms,
      [{ expiresAt: 9_000 }, { expiresAt: 5_000 }, { expiresAt: null }],
      now,
    );
    expect(alarms.set.get(EXPIRY_ALARM)).toBe(5_000);
  });

  it("past expiries and tokens that never expire leave no alarm", async () => {
    const alarms = fakeAlarms();
    alarms.set.set(EXPIRY_ALARM, 4_000);
    await syncExpiryAlarm(alarms, [{ expiresAt: 500 }, { expiresAt: null }], now);
    expect(alarms.set.has(EXPIRY_ALARM)).toBe(false);
  });
});
