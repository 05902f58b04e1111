import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateForm } from "../../../components/popup/CreateForm";
import { RegionPicker } from "../../../components/popup/RegionPicker";
import type { RegionChoice } from "../../../lib/popup/create";
import type { Command } from "../../../lib/protocol/commands";
import {
  button,
  check,
  click,
  fakeEnv,
  findButton,
  type Mounted,
  mount,
  type Reply,
  settle,
  submit,
  type,
  waitFor,
} from "./dom";

const COUNTRIES = [
  { id: 1, name: "United States", code: "US" },
  { id: 2, name: "United Kingdom", code: "GB" },
  { id: 3, name: "Germany", code: "DE" },
];
const STATES = Array.from({ length: 15 }, (_, i) => ({
  id: 101 + i,
  name: `State ${i + 1}`,
  code: "",
  name_with_underlined: "",
  name_with_none: "",
}));
const CITIES = [{ id: 10001, name: "Gotham", code: "" }];
const PLANS = [
  {
    id: 1,
    note: "静态IP 7天",
    note_en: "Static IP, 7 days",
    days: 7,
    price: "3.50",
    value: "-3.50",
  },
  { id: 3, note: "静态IP 90天 季度优惠", note_en: "", days: 90, price: "33.00", value: "-33.00" },
];

/** A small provider behind the lookup command: search_text, page and page_size as specified. */
function provider(command: Command): Reply {
  if (command.type === "plans") return { ok: true, data: PLANS };
  if (command.type === "regions") {
    const source =
      command.level === "countries" ? COUNTRIES : command.level === "states" ? STATES : CITIES;
    const q = command.query;
    const found = source.filter((r) =>
      r.name.toLowerCase().includes((q.search_text ?? "").toLowerCase()),
    );
    const size = q.page_size ?? 10;
    const page = q.page ?? 1;
    return { ok: true, data: found.slice((page - 1) * size, page * size) };
  }
  if (command.type === "createTokens") {
    return { ok: true, data: { tokens: [{}, {}], requested: 3, created: 2 } };
  }
  return { ok: false, failure: { code: "internal" } };
}

const lookups = (calls: [Command][]) =>
  calls.map(([c]) => c).filter((c) => c.type === "regions" || c.type === "plans");

let mounted: Mounted | undefined;
afterEach(() => {
  vi.useRealTimers();
  mounted?.unmount();
});

/** RegionPicker's debounce: it asks for a search this long after the last keystroke. */
const SEARCH_DELAY_MS = 250;

/**
 * Types into the picker's search field under fake timers and runs its debounce out: nothing is
 * asked before the delay has passed, the search goes out when it has. Its answer is the
 * caller's to wait for.
 */
async function typeSearch(m: Mounted, text: string, asked: () => number): Promise<void> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    const before = asked();
    await type(m, m.root.querySelector("input[type=search]"), text);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    });
    expect(asked()).toBe(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(asked()).toBe(before + 1);
  } finally {
    vi.useRealTimers();
  }
}

describe("region picker", () => {
  it("searches with search_text, pages with page/page_size, and filters for the kind", async () => {
    const { env, send } = fakeEnv(provider);
    let chosen: RegionChoice | null = null;
    mounted = await mount(
      <RegionPicker
        level="states"
        kind="static-traffic"
        parentId={1}
        label="State"
        value={null}
        onChange={(c) => {
          chosen = c;
        }}
      />,
      env,
    );
    const m = mounted;
    const options = () => [...m.root.querySelectorAll(".option")].map((o) => o.textContent);
    await waitFor(() => expect(options()).toHaveLength(10));
    expect(lookups(send.mock.calls)[0]).toEqual({
      type: "regions",
      level: "states",
      parentId: 1,
      query: { page: 1, page_size: 10, is_static: true, is_traffic: true },
    });
    await click(m, button(m.root, "More results"));
    expect(options()).toHaveLength(15);
    expect(lookups(send.mock.calls).at(-1)).toMatchObject({ query: { page: 2 } });
    // A short page is the last one.
    expect(() => button(m.root, "More results")).toThrow();

    await typeSearch(m, "State 1", () => lookups(send.mock.calls).length);
    expect(lookups(send.mock.calls).at(-1)).toMatchObject({
      query: { page: 1, search_text: "State 1" },
    });
    await waitFor(() =>
      expect(options()).toEqual([
        "State 1",
        "State 10",
        "State 11",
        "State 12",
        "State 13",
        "State 14",
        "State 15",
      ]),
    );
    await click(m, button(m.root, "State 12"));
    expect(chosen).toEqual({ id: 112, name: "State 12", code: "" });
  });

  it("types faster than the answers: only the newest query fills the list", async () => {
    const pending: ((r: Reply) => void)[] = [];
    const { env } = fakeEnv(() => new Promise<Reply>((resolve) => pending.push(resolve)));
    mounted = await mount(
      <RegionPicker
        level="countries"
        kind="static-ip"
        label="Country"
        value={null}
        onChange={() => undefined}
      />,
      env,
    );
    const m = mounted;
    const options = () => [...m.root.querySelectorAll(".option")].map((o) => o.textContent);
    await waitFor(() => expect(pending).toHaveLength(1));
    await typeSearch(m, "ger", () => pending.length);
    expect(pending).toHaveLength(2);
    pending[1]?.({ ok: true, data: [COUNTRIES[2]] });
    await waitFor(() => expect(options()).toEqual(["DE Germany"]));
    pending[0]?.({ ok: true, data: COUNTRIES });
    // The stale answer must not land: no outcome to wait for, so give it a tick to try.
    await settle();
    expect(options()).toEqual(["DE Germany"]);
  });

  it("shows the reply's error, with Options when it says so, and retries", async () => {
    let fail = true;
    const { env, openOptions } = fakeEnv((c) =>
      fail ? { ok: false, failure: { code: "no-credentials" } } : provider(c),
    );
    mounted = await mount(
      <RegionPicker
        level="countries"
        kind="dynamic-ip"
        label="Country"
        value={null}
        onChange={() => undefined}
      />,
      env,
    );
    const m = mounted;
    await waitFor(() =>
      expect(m.root.querySelector(".error")?.textContent).toContain("in Options first."),
    );
    await click(m, button(m.root, "Open Options"));
    expect(openOptions).toHaveBeenCalledOnce();
    fail = false;
    await click(m, button(m.root, "Try again"));
    expect(m.root.querySelectorAll(".option")).toHaveLength(3);
  });
});

describe("create form", () => {
  async function pickCountryStateCity(m: Mounted) {
    await click(m, await findButton(m.root, "US United States"));
    await click(m, button(m.root, "State 3"));
    await click(m, button(m.root, "Gotham"));
  }

  it("a provider that fails both lookups alike: one sentence, one Try again that asks both again", async () => {
    let down = true;
    const { env, send } = fakeEnv((c) =>
      down && (c.type === "regions" || c.type === "plans")
        ? { ok: false, failure: { code: "api-timeout", seconds: 20 } }
        : provider(c),
    );
    mounted = await mount(<CreateForm onShowTokens={() => undefined} />, env);
    const m = mounted;
    const asked = (type: string) => send.mock.calls.filter(([c]) => c.type === type).length;
    await waitFor(() => expect(asked("plans")).toBe(1));
    await waitFor(() => expect(m.root.querySelectorAll(".error")).toHaveLength(1));
    await settle();
    expect(m.root.querySelectorAll(".error")).toHaveLength(1);
    expect(
      [...m.root.querySelectorAll("button")].filter((b) => b.textContent === "Try again"),
    ).toHaveLength(1);
    const before = { regions: asked("regions"), plans: asked("plans") };
    down = false;
    await click(m, button(m.root, "Try again"));
    await findButton(m.root, "US United States");
    expect(asked("regions")).toBe(before.regions + 1);
    expect(asked("plans")).toBe(before.plans + 1);
    await waitFor(() => expect(m.root.querySelectorAll(".plan-list label")).toHaveLength(3));
    expect(m.root.querySelectorAll(".error")).toHaveLength(0);
  });

  it("asks for a country before the summary", async () => {
    const { env, send } = fakeEnv(provider);
    mounted = await mount(<CreateForm onShowTokens={() => undefined} />, env);
    const m = mounted;
    // The country list has come in: the form is complete but for the choice.
    await findButton(m.root, "US United States");
    await type(m, m.root.querySelector("#create-number"), "11");
    await submit(m, m.root.querySelector("form"));
    expect(m.root.textContent).toContain("Enter a whole number from 1 to 10.");
    expect(m.root.textContent).toContain("Choose a country.");
    expect(send.mock.calls.some(([c]) => c.type === "createTokens")).toBe(false);
  });

  it("static IP: pickers, a plan named in the UI language, a summary, then the purchase", async () => {
    const { env, send } = fakeEnv(provider);
    mounted = await mount(<CreateForm onShowTokens={() => undefined} />, env);
    const m = mounted;
    await type(m, m.root.querySelector("#create-number"), "3");
    await pickCountryStateCity(m);
    const planLabels = [...m.root.querySelectorAll(".plan-list label")].map((l) => l.textContent);
    expect(planLabels[0]).toContain("Account balance");
    expect(planLabels[1]).toContain("Static IP, 7 days");
    expect(planLabels[1]).toContain("7 days · Price US$ 3.50 · Balance change -3.50");
    expect(planLabels[2]).toContain("静态IP 90天 季度优惠"); // no English name: the Chinese one
    expect(lookups(send.mock.calls).find((c) => c.type === "plans")).toEqual({
      type: "plans",
      filters: { is_static: true, is_traffic: false },
    });
    await check(m, m.root.querySelectorAll(".plan-list input")[1]);
    await submit(m, m.root.querySelector("form"));
    const summary = m.root.querySelector(".summary")?.textContent ?? "";
    expect(summary).toContain("Static IP");
    expect(summary).toContain("United States · State 3 · Gotham");
    expect(summary).toContain("Static IP, 7 days");
    await click(m, button(m.root, "Buy 3 tokens"));
    expect(send).toHaveBeenCalledWith({
      type: "createTokens",
      kind: "static-ip",
      params: {
        number: 3,
        network_type: "HTTP",
        country_id: 1,
        state_id: 103,
        city_id: 10001,
        payway_id: 1,
      },
      countryCode: "US",
    });
    expect(m.root.textContent).toContain("Created 2 tokens.");
  });

  it("dynamic traffic: no plan, SOCKS5 warned on Chrome, created of requested", async () => {
    let answer: (r: Reply) => void = () => undefined;
    const { env, send } = fakeEnv((c) =>
      c.type === "createTokens" ? new Promise<Reply>((r) => (answer = r)) : provider(c),
    );
    mounted = await mount(<CreateForm onShowTokens={() => undefined} />, env);
    const m = mounted;
    const radio = (value: string) => m.root.querySelector(`input[type=radio][value="${value}"]`);
    await check(m, radio("dynamic-traffic"));
    await check(m, radio("SOCKS5"));
    expect(m.root.textContent).toContain("Chrome cannot authenticate to SOCKS5 proxies");
    await waitFor(() =>
      expect(lookups(send.mock.calls).at(-1)).toMatchObject({
        type: "regions",
        level: "countries",
        query: { is_static: false, is_traffic: true },
      }),
    );
    expect(m.root.querySelector(".plan-list")).toBeNull();
    await type(m, m.root.querySelector("#create-number"), "3");
    await click(m, await findButton(m.root, "GB United Kingdom"));
    await submit(m, m.root.querySelector("form"));
    await click(m, button(m.root, "Buy 3 tokens"));
    expect(m.root.textContent).toContain("Buying… You can close the popup");
    expect(button(m.root, "Buy 3 tokens").disabled).toBe(true);
    answer({ ok: true, data: { tokens: [{}, {}], requested: 3, created: 2 } });
    await waitFor(() => expect(m.root.textContent).toContain("Created 2 of 3 requested tokens."));
    const create = send.mock.calls.find(([c]) => c.type === "createTokens")?.[0];
    expect(create).toEqual({
      type: "createTokens",
      kind: "dynamic-traffic",
      params: { number: 3, network_type: "SOCKS5", country_id: 2 },
      countryCode: "GB",
    });
  });

  it("a refused purchase ends the pending state with the reply's sentence", async () => {
    const { env } = fakeEnv((c) =>
      c.type === "createTokens" ? { ok: false, failure: { code: "api-forbidden" } } : provider(c),
    );
    mounted = await mount(<CreateForm onShowTokens={() => undefined} />, env);
    const m = mounted;
    await pickCountryStateCity(m);
    await submit(m, m.root.querySelector("form"));
    await click(m, button(m.root, "Buy 1 token"));
    expect(m.root.textContent).toContain("your account lacks the permission or the quota");
    expect(m.root.textContent).not.toContain("Buying…");
    expect(button(m.root, "Buy 1 token").disabled).toBe(false);
  });
});
