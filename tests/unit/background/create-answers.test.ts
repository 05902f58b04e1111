/**
 * A create answer with one token the client cannot read, from the sandbox over real HTTP into
 * real extension storage (fakeBrowser): the tokens are paid for, so the others are stored and
 * the odd one is kept for support as the provider sent it, in every kind.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createCommandHandler } from "../../../lib/background/commands";
import { createTokens } from "../../../lib/background/token-commands";
import type { Engine } from "../../../lib/proxy/engine";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import type { ProviderKind } from "../../../lib/state/token-facts";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { useSandbox } from "../api/sandbox-harness";

const { control, client, state, addFault } = useSandbox();
const NOW = 1_770_000_000_000;
/** Stored so the command handler finds credentials; its client is the sandbox's. */
const BEARER = { kind: "bearer" as const, accessToken: "stored" };

beforeEach(() => {
  fakeBrowser.reset();
});

const KINDS: ProviderKind[] = ["static-ip", "static-traffic", "dynamic-ip", "dynamic-traffic"];
/** The sandbox's plans of the time-billed kinds (traffic kinds take none). */
const PLAN: Record<ProviderKind, { payway_id?: number }> = {
  "static-ip": { payway_id: 1 },
  "static-traffic": {},
  "dynamic-ip": { payway_id: 5 },
  "dynamic-traffic": {},
};

describe("a create answer with one token the client cannot read", () => {
  it.each(KINDS)("%s: the others are stored, the odd one kept for support", async (kind) => {
    await control("POST", "/__sandbox/quirks", { empty_password: 1 });
    const { api } = client();
    const request = {
      kind,
      params: {
        number: 3,
        country_id: 1,
        network_type: "HTTP" as const,
        ...PLAN[kind],
      },
      countryCode: "US",
    };
    const outcome = await createTokens(api, request, NOW);
    const made = (await state()).tokens.map((t) => t.id);
    expect(made).toHaveLength(3);
    expect(outcome).toMatchObject({ requested: 3, created: 2, unusable: 1 });
    // The two the client read are stored, with their logins.
    const stored = await read("tokens");
    expect(stored.map((t) => t.id).sort()).toEqual(made.slice(1).sort());
    for (const token of stored) expect(token.password).not.toBe("");
    // The first, as the provider sent it, with what was wrong.
    const [entry, ...others] = await read("support");
    expect(others).toEqual([]);
    expect(entry?.what).toBe(`${kind} token unreadable: password is empty`);
    expect(JSON.parse(entry?.answer ?? "null")).toMatchObject({ id: made[0], password: "" });
  });
});

describe("a purchase with no answer", () => {
  const request = {
    kind: "static-traffic" as const,
    params: { number: 1, country_id: 1, network_type: "HTTP" as const },
    countryCode: "US",
  };

  it.each([
    ["a dropped connection after the provider bought it", { drop_after_commit: true }],
    ["a 500", { status: 500 }],
    ["an answer that cannot be read", { malformed: true }],
  ])("%s: the user is told it may have gone through, not to try again", async (_name, fault) => {
    await addFault(fault);
    await expect(createTokens(client().api, request, NOW)).rejects.toMatchObject({
      failure: { code: "purchase-unanswered" },
    });
    expect(await read("tokens")).toEqual([]);
  });

  it("a refusal is the provider's answer: said as such", async () => {
    await addFault({ status: 400 });
    await expect(createTokens(client().api, request, NOW)).rejects.toMatchObject({
      kind: "http",
      status: 400,
    });
  });
});

describe("a second Buy while a purchase is on the wire", () => {
  const buy = {
    type: "createTokens" as const,
    kind: "static-traffic" as const,
    params: { number: 1, country_id: 1, network_type: "HTTP" as const },
    countryCode: "US",
  };
  const engine = { syncBadge: async () => {} } as unknown as Engine;

  it("is refused in words, buys nothing, and the first lands; the next Buy is taken", async () => {
    // The provider holds the first purchase's answer: it is on the wire when the second comes.
    await addFault({ hold: true });
    const handle = createCommandHandler({ engine, api: () => client().api, now: () => NOW });
    await writeState({
      settings: { ...DEFAULT_SETTINGS, baseUrl: "https://x.test", auth: BEARER },
    });
    const first = handle(buy);
    const second = await handle(buy);
    expect(second).toEqual({ ok: false, failure: { code: "purchase-on-wire" } });
    const held = async () => (await control<{ held: number }>("GET", "/__sandbox/faults")).held;
    await expect.poll(held).toBe(1);
    await control("POST", "/__sandbox/faults/release");
    expect((await first).ok).toBe(true);
    expect((await state()).tokens).toHaveLength(1);
    // Nobody missed the refusal: the popup that asked shows it.
    expect(await read("unseenFailure")).toBeNull();
    expect((await handle(buy)).ok).toBe(true);
    expect((await state()).tokens).toHaveLength(2);
  });
});
