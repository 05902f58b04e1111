/**
 * Fifty commands at once through the real command handler and engine, over a storage whose
 * every read and write takes a random time: nothing the provider has may be lost or doubled.
 * The provider is an in-memory fake with the spec's semantics (this test is about our writes).
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { ApiClient, Country, StaticToken } from "../../../lib/api";
import { createCommandHandler } from "../../../lib/background/commands";
import type { ParsedCommand } from "../../../lib/protocol/commands";
import { createEngine } from "../../../lib/proxy/engine";
import type { ProxyPlatform } from "../../../lib/proxy/platform";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { readState } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { noProbes } from "../proxy/no-probes";

/** The provider's own record: which ids exist and whether each is deleted. */
function fakeProvider() {
  let nextId = 1000;
  const deleted = new Map<number, boolean>();
  const token = (id: number): StaticToken => ({
    id,
    ip: `203.0.113.${id % 250}`,
    host: "gw.example.test",
    port: 8000,
    username: `u${id}`,
    password: `p${id}`,
    expired_on: 0,
    country: "Germany",
    state: "",
    city: "",
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
  const batch = (ids: readonly number[], to: boolean) => {
    for (const id of ids) deleted.set(id, to);
    return {
      total_count: ids.length,
      success_count: ids.length,
      failed_count: 0,
      failed_ids: [],
      chunk_errors: [],
    };
  };
  const api = {
    async createStaticIp(params: { number: number }) {
      await pause();
      const tokens = Array.from({ length: params.number }, () => {
        const id = nextId++;
        deleted.set(id, false);
        return token(id);
      });
      return { tokens, unreadable: [] };
    },
    async deleteToken(id: number) {
      await pause();
      deleted.set(id, true);
      return {
        token_id: id,
        deleted_at: new Date().toISOString(),
        can_restore: true,
        restore_deadline: "",
      };
    },
    async deleteTokens(ids: readonly number[]) {
      await pause();
      return { ...batch(ids, true), deleted_at: new Date().toISOString() };
    },
    async restoreToken(id: number) {
      await pause();
      deleted.set(id, false);
      return {
        token_id: id,
        restored_at: "",
        token_info: { ip: "", port: 8000, status: "active" },
      };
    },
    async restoreTokens(ids: readonly number[]) {
      await pause();
      return { ...batch(ids, false), restored_at: "" };
    },
    async listCountries(query: { page?: number }): Promise<Country[]> {
      await pause();
      return [{ id: query.page ?? 1, name: `Country ${query.page}`, code: "DE" }];
    },
    async getIpInfo() {
      await pause();
      return { ip: "198.51.100.1", country: "Germany", country_code: "DE", city: "", state: null };
    },
  };
  return { api: api as unknown as ApiClient, deleted };
}

const platform: ProxyPlatform = {
  supportsSocksAuth: false,
  oneLoginPerEndpoint: true,
  apply: async () => undefined,
  clear: async () => undefined,
  block: async () => undefined,
  bypasses: () => false,
  forgetCredentials: async () => undefined,
  controlledByOther: async () => false,
  setBadge: async () => undefined,
  probes: noProbes,
};

/** Every storage read and write waits 0–3 ms, so the commands' steps interleave. */
function slowStorage() {
  const local = fakeBrowser.storage.local;
  const delay = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
  const get = local.get.bind(local);
  const set = local.set.bind(local);
  vi.spyOn(local, "get").mockImplementation(async (keys) => {
    await delay();
    return get(keys);
  });
  vi.spyOn(local, "set").mockImplementation(async (items) => {
    await delay();
    await set(items);
    await delay();
  });
}

/** A fresh store for each run of the property, with credentials. */
async function freshStorage() {
  await fakeBrowser.storage.local.clear();
  await fakeBrowser.storage.session.clear();
  await writeState({
    settings: {
      ...DEFAULT_SETTINGS,
      baseUrl: "https://api.example.test",
      auth: { kind: "bearer", accessToken: "t" },
    },
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  slowStorage();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Op = "create" | "delete" | "restore" | "connect" | "lookup" | "status";

describe("50 overlapping commands", () => {
  it("lose no token, duplicate none, and leave every item readable", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom<Op>("create", "delete", "restore", "connect", "lookup", "status"),
          {
            minLength: 50,
            maxLength: 50,
          },
        ),
        async (ops) => {
          await freshStorage();
          const provider = fakeProvider();
          const engine = createEngine({ platform, api: () => provider.api });
          const handle = createCommandHandler({ engine, api: () => provider.api });
          const send = (command: ParsedCommand) => handle(command);
          // Seed: ten tokens, five of them in the trash.
          await send({
            type: "createTokens",
            kind: "static-ip",
            countryCode: "DE",
            params: { number: 10, country_id: 1, network_type: "HTTP" },
          });
          await send({ type: "deleteTokens", tokenIds: [1000, 1001, 1002, 1003, 1004] });
          const pick = (i: number) => 1000 + ((i * 7) % 10);
          await Promise.all(
            ops.map((op, i) => {
              switch (op) {
                case "create":
                  return send({
                    type: "createTokens",
                    kind: "static-ip",
                    countryCode: "DE",
                    params: { number: 1, country_id: 1, network_type: "HTTP" },
                  });
                case "delete":
                  return send({ type: "deleteTokens", tokenIds: [pick(i)] });
                case "restore":
                  return send({ type: "restoreTokens", tokenIds: [pick(i)] });
                case "connect":
                  return send({ type: "connect", tokenId: pick(i) });
                case "lookup":
                  return send({ type: "regions", level: "countries", query: { page: i + 1 } });
                default:
                  return engine.reportProxyProblem({
                    code: "proxy-unreachable",
                    host: "gw.example.test:8000",
                  });
              }
            }),
          );
          const { tokens, trash, lookupCache } = await readState([
            "tokens",
            "trash",
            "lookupCache",
          ]);
          const listed = tokens.map((t) => t.id);
          const trashed = trash.map((e) => e.token.id);
          // Every id the provider made is stored exactly once, on the side the provider says.
          expect([...listed, ...trashed].sort()).toEqual([...provider.deleted.keys()].sort());
          for (const [id, isDeleted] of provider.deleted) {
            expect(isDeleted ? trashed : listed).toContain(id);
          }
          const lookups = ops.filter((op) => op === "lookup").length;
          expect(Object.keys(lookupCache)).toHaveLength(lookups);
          // Raw storage holds nothing unreadable.
          const raw = await fakeBrowser.storage.local.get(["tokens", "trash"]);
          expect((raw.tokens as unknown[]).length).toBe(listed.length);
          expect((raw.trash as unknown[]).length).toBe(trashed.length);
        },
      ),
      { numRuns: 5 },
    );
  });
});
