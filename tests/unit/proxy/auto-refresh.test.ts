import { describe, expect, it } from "vitest";
import {
  AUTO_REFRESH_ALARM,
  autoRefreshPeriod,
  syncAutoRefreshAlarm,
} from "../../../lib/proxy/auto-refresh";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import type { TokenKind } from "../../../lib/state/token-facts";
import { makeToken } from "../stored-token";

describe("autoRefreshPeriod", () => {
  it.each([
    { minutes: 10, kind: "dynamic-ip", expected: 10 },
    { minutes: 10, kind: "dynamic-traffic", expected: 10 },
    { minutes: 1, kind: "dynamic-ip", expected: 1 },
    { minutes: 0.5, kind: "dynamic-ip", expected: 0.5 },
    { minutes: 0.1, kind: "dynamic-ip", expected: 0.5 },
    { minutes: 0, kind: "dynamic-ip", expected: null },
    { minutes: 10, kind: "static-ip", expected: null },
    { minutes: 10, kind: "static-traffic", expected: null },
    { minutes: 10, kind: null, expected: null },
  ] as { minutes: number; kind: TokenKind | null; expected: number | null }[])(
    "$minutes min, active $kind → $expected",
    ({ minutes, kind, expected }) => {
      const settings = { ...DEFAULT_SETTINGS, autoRefreshMinutes: minutes };
      const active = kind === null ? undefined : makeToken({ kind });
      expect(autoRefreshPeriod(settings, active)).toBe(expected);
    },
  );
});

/** A small alarms API that remembers what exists and logs each call. */
function fakeAlarms(initial: Record<string, { periodInMinutes?: number }> = {}) {
  const alarms = new Map(Object.entries(initial));
  const calls: string[] = [];
  return {
    alarms,
    calls,
    api: {
      async get(name: string) {
        calls.push(`get ${name}`);
        return alarms.get(name);
      },
      async clear(name: string) {
        calls.push(`clear ${name}`);
        return alarms.delete(name);
      },
      async create(name: string, info: { periodInMinutes: number; delayInMinutes: number }) {
        calls.push(`create ${name} ${info.periodInMinutes}/${info.delayInMinutes}`);
        alarms.set(name, { periodInMinutes: info.periodInMinutes });
      },
    },
  };
}

describe("syncAutoRefreshAlarm", () => {
  const name = AUTO_REFRESH_ALARM;

  it.each([
    {
      name: "creates the alarm when missing",
      existing: undefined,
      period: 5,
      writes: [`create ${name} 5/5`],
      after: 5,
    },
    {
      name: "leaves an equal alarm alone",
      existing: 5,
      period: 5,
      writes: [],
      after: 5,
    },
    {
      name: "re-creates when the period differs",
      existing: 5,
      period: 15,
      writes: [`create ${name} 15/15`],
      after: 15,
    },
    {
      name: "re-creates an alarm that has no period",
      existing: null,
      period: 2,
      writes: [`create ${name} 2/2`],
      after: 2,
    },
    {
      name: "clears when the period is null",
      existing: 5,
      period: null,
      writes: [`clear ${name}`],
      after: undefined,
    },
    {
      name: "does nothing when null and no alarm exists",
      existing: undefined,
      period: null,
      writes: [],
      after: undefined,
    },
  ])("$name", async ({ existing, period, writes, after }) => {
    const fake = fakeAlarms(
      existing === undefined
        ? {}
        : { [name]: existing === null ? {} : { periodInMinutes: existing } },
    );
    await syncAutoRefreshAlarm(fake.api, period);
    expect(fake.calls.filter((c) => !c.startsWith("get"))).toEqual(writes);
    expect(fake.alarms.get(name)?.periodInMinutes).toBe(after);
  });

  it("never touches other alarms", async () => {
    const fake = fakeAlarms({ other: { periodInMinutes: 1 } });
    await syncAutoRefreshAlarm(fake.api, null);
    await syncAutoRefreshAlarm(fake.api, 3);
    expect(fake.alarms.get("other")).toEqual({ periodInMinutes: 1 });
    expect(fake.calls.every((c) => c.endsWith(name) || c.includes(`${name} `))).toBe(true);
  });

  it("is idempotent: a second sync with the same period writes nothing", async () => {
    const fake = fakeAlarms();
    await syncAutoRefreshAlarm(fake.api, 7);
    await syncAutoRefreshAlarm(fake.api, 7);
    expect(fake.calls.filter((c) => c.startsWith("create"))).toHaveLength(1);
  });
});
