/**
 * The site-rule editor with the background played by fakeBrowser's runtime messaging and its
 * storage: every change is stored (as a patch over the stored list, or whole), mistakes are
 * said and nothing is sent,
 * the keyboard reorders, and a broken route says that it blocks.
 */
import { parseHTML } from "linkedom";
import { type ComponentChild, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { RulesSection } from "../../../components/options/rules/RulesSection";
import { LanguageContext } from "../../../components/options/shared";
import { patchSiteRules, saveSiteRules } from "../../../lib/background/site-rules";
import type { Language } from "../../../lib/i18n";
import { fromWire, toWire } from "../../../lib/protocol/wire";
import type { SiteRule } from "../../../lib/routing/rules";
import type { Connection } from "../../../lib/state/status";
import { read } from "../../../lib/storage/read";
import { makeToken } from "../stored-token";
import { waitFor } from "../wait";

type Message = { type: string; [key: string]: unknown };
let answer: (message: Message) => unknown;
let sent: Message[] = [];
/** Each list the background stored, in order. */
let savedLists: SiteRule[][] = [];
const isSave = (m: Message) => m.type === "setSiteRules" || m.type === "patchSiteRules";
let focused: Element | null = null;

beforeEach(() => {
  fakeBrowser.reset();
  sent = [];
  focused = null;
  savedLists = [];
  // The background: stores what it is sent with the real handlers (a whole list, or a patch
  // laid over the stored one), and notes each list stored.
  answer = async (m) => {
    const outcome =
      m.type === "setSiteRules"
        ? await saveSiteRules(m.rules as SiteRule[])
        : m.type === "patchSiteRules"
          ? await patchSiteRules(
              m.upsert as SiteRule[],
              m.order as string[],
              m.removed as string[] | undefined,
            )
          : { ok: true as const };
    if (!outcome.ok) return { ok: false, failure: outcome.failure };
    if (isSave(m)) savedLists.push(await read("siteRules"));
    return { ok: true, data: null };
  };
  // The pages speak JSON text to the background (lib/protocol/wire.ts).
  fakeBrowser.runtime.onMessage.addListener(async (text: unknown) => {
    const message = fromWire(text).value as Message;
    sent.push(message);
    return toWire(await answer(message));
  });
});

let root: HTMLElement | undefined;
let window: Window & typeof globalThis;
afterEach(() => {
  if (root) render(null, root);
  root = undefined;
});

/**
 * Lets pending messages (a save is a few round trips through fakeBrowser's messaging and
 * storage) and the renders they cause run. Tests wait for an outcome instead (`waitFor`); this
 * is for fire() and for checks that something did not happen.
 */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const TOKENS = [
  makeToken({ id: 1, look: { name: "Work", colour: "" }, host: "gw.example.net", port: 8001 }),
  makeToken({ id: 2, host: "gw.example.net", port: 8002, country: "Germany" }),
  makeToken({ id: 3, expiresAt: 1 }),
];
const CONNECTED: Connection = { activeTokenId: 2, lastTokenId: 2 };

const pattern = (id: string, text: string, route: SiteRule["route"], enabled = true): SiteRule => ({
  id,
  enabled,
  source: { type: "pattern", text },
  route,
});

/**
 * Two gaps of linkedom filled the way browsers behave: a listener is called with `this` as the
 * element it was added to (linkedom passes the event's target, which breaks Preact's handlers
 * on ancestors), and a select's value can be set.
 */
function browserLike(win: Window & typeof globalThis) {
  let proto = Object.getPrototypeOf(win.document.createElement("div"));
  while (proto && !Object.hasOwn(proto, "addEventListener")) proto = Object.getPrototypeOf(proto);
  if (!proto || proto.__browserLike) return;
  proto.__browserLike = true;
  const wrapped = new WeakMap<object, Map<unknown, EventListener>>();
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  proto.addEventListener = function (this: object, type: string, listener: EventListener) {
    const own = wrapped.get(this) ?? new Map<unknown, EventListener>();
    wrapped.set(this, own);
    const bound = (event: Event) => listener.call(this, event);
    own.set(listener, bound);
    add.call(this, type, bound);
  };
  proto.removeEventListener = function (this: object, type: string, listener: EventListener) {
    remove.call(this, type, wrapped.get(this)?.get(listener) ?? listener);
  };
  Object.defineProperty(win.HTMLSelectElement.prototype, "value", {
    configurable: true,
    get(this: HTMLSelectElement & { _value?: string }) {
      return this._value ?? this.querySelector("option")?.getAttribute("value") ?? "";
    },
    set(this: { _value?: string }, value: string) {
      this._value = String(value);
    },
  });
}

async function mount(stored: SiteRule[], language: Language = "en", node?: ComponentChild) {
  await fakeBrowser.storage.local.set({ siteRules: stored });
  const dom = parseHTML('<!doctype html><html lang="en"><body><div id="app"></div></body></html>');
  Object.assign(globalThis, { document: dom.document, window: dom.window });
  window = dom.window as unknown as Window & typeof globalThis;
  browserLike(window);
  (window.HTMLElement.prototype as { focus: () => void }).focus = function (this: Element) {
    focused = this;
  };
  const host = dom.document.getElementById("app") as unknown as HTMLElement;
  root = host;
  await act(() => {
    render(
      <LanguageContext.Provider value={language}>
        {node ?? <RulesSection tokens={TOKENS} connection={CONNECTED} />}
      </LanguageContext.Provider>,
      host,
    );
  });
  // The section renders nothing until the stored list is read: wait for it to show.
  await waitFor(() => expect(host.querySelector("#site-rules")).not.toBeNull());
  return host;
}

async function fire(element: Element | null | undefined, type: string, props: object = {}) {
  if (!element) throw new Error(`nothing to ${type}`);
  await act(() => {
    const event = Object.assign(new window.Event(type, { bubbles: true, cancelable: true }), props);
    element.dispatchEvent(event);
  });
  // A user step: the save it starts is stored before the next step (every caller reads it).
  await settle();
}

async function type(element: Element | null, value: string) {
  (element as HTMLInputElement).value = value;
  await fire(element, "input");
}

const named = (scope: ParentNode, selector: string, name: string) => {
  const found = [...scope.querySelectorAll(selector)].find(
    (el) => (el.getAttribute("aria-label") ?? el.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no ${selector} named ${name}`);
  return found as HTMLElement;
};
const button = (scope: ParentNode, name: string) => named(scope, "button", name);
const rowTexts = (scope: ParentNode) =>
  [...scope.querySelectorAll(".rule-row code")].map((c) => c.textContent);
const lastSaved = () => savedLists.at(-1) as SiteRule[];

describe("RulesSection", () => {
  const stored = [
    pattern("a", "example.com", { kind: "token", tokenId: 1 }),
    pattern("b", "*.test", { kind: "direct" }),
    pattern("c", "10.0.0.0/8", { kind: "block" }),
  ];

  it("lists the rules in order, each control named after its rule", async () => {
    const m = await mount(stored);
    expect(rowTexts(m)).toEqual(["example.com", "*.test", "10.0.0.0/8"]);
    const select = named(m, "select", "Route: rule 1 (example.com)") as HTMLSelectElement;
    expect(select.value).toBe("token:1");
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "#1 Work · gw.example.net:8001 · United States",
      "#2 · gw.example.net:8002 · Germany",
      "#3 · gw.example.net:8000 · United States (expired)",
      "Direct",
      "Block",
    ]);
    expect(named(m, "input", "Enabled: rule 2 (*.test)")).toBeTruthy();
    expect(button(m, "Move up: rule 1 (example.com)").hasAttribute("disabled")).toBe(true);
    expect(button(m, "Move down: rule 3 (10.0.0.0/8)").hasAttribute("disabled")).toBe(true);
    expect(button(m, "Edit rule 3 (10.0.0.0/8)")).toBeTruthy();
    expect(button(m, "Delete rule 2 (*.test)")).toBeTruthy();
  });

  it("says a mistake next to the field and sends nothing until the pattern is valid", async () => {
    const m = await mount(stored);
    const input = m.querySelector("#rules-add-pattern") as HTMLInputElement;
    await type(input, "exa mple.com");
    expect(m.querySelector("#rules-add-pattern-error")?.textContent).toBe(
      "Remove the spaces: a pattern is one word, for example example.com.",
    );
    expect(input.getAttribute("aria-describedby")).toBe("rules-add-pattern-error");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await fire(m.querySelector(".rule-add"), "submit");
    expect(sent).toEqual([]);

    await type(input, "");
    await fire(m.querySelector(".rule-add"), "submit");
    expect(m.querySelector("#rules-add-pattern-error")?.textContent).toBe(
      "Enter a pattern, for example example.com.",
    );
    expect(sent).toEqual([]);

    await type(input, " news.example.org ");
    expect(m.querySelector("#rules-add-pattern-error")).toBeNull();
    await fire(m.querySelector(".rule-add"), "submit");
    const saved = lastSaved();
    expect(saved.slice(0, 3)).toEqual(stored);
    // The new rule goes last, on the connected token, with a fresh id.
    expect(saved[3]).toMatchObject({
      enabled: true,
      source: { type: "pattern", text: "news.example.org" },
      route: { kind: "token", tokenId: 2 },
    });
    expect(saved[3]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rowTexts(m)).toEqual(["example.com", "*.test", "10.0.0.0/8", "news.example.org"]);
    expect(input.value).toBe("");
  });

  it("Alt+ArrowDown moves the focused row and the focus follows it", async () => {
    const m = await mount(stored);
    const first = m.querySelector('[data-rule-id="a"]');
    await fire(first, "keydown", { key: "ArrowDown", altKey: true });
    expect(lastSaved().map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(rowTexts(m)).toEqual(["*.test", "example.com", "10.0.0.0/8"]);
    expect(focused?.getAttribute("data-rule-id")).toBe("a");
    expect(m.querySelector('[role="status"].visually-hidden')?.textContent).toBe(
      "Rule “example.com” is now rule 2.",
    );
    // Without Alt, or on the route select (where Alt+Down opens the list), nothing moves.
    await fire(m.querySelector('[data-rule-id="a"]'), "keydown", { key: "ArrowUp" });
    await fire(m.querySelector('[data-rule-id="a"] select'), "keydown", {
      key: "ArrowUp",
      altKey: true,
    });
    expect(sent.filter(isSave)).toHaveLength(1);
    // The Move up button keeps the focus while it can; at the top, the row takes it.
    await fire(button(m, "Move up: rule 2 (example.com)"), "click");
    expect(lastSaved().map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(focused?.getAttribute("data-rule-id")).toBe("a");
    await fire(button(m, "Move up: rule 3 (10.0.0.0/8)"), "click");
    expect(lastSaved().map((r) => r.id)).toEqual(["a", "c", "b"]);
    expect(focused?.getAttribute("data-control")).toBe("up");
  });

  it("a move right after another change: the row is focused at its new place, not before it moves", async () => {
    const m = await mount(stored);
    // Where each focused row stood when focus() was called: a browser takes the focus away from
    // a row that moves after it was focused.
    const focusedAt: number[] = [];
    (window.HTMLElement.prototype as { focus: () => void }).focus = function (this: Element) {
      focused = this;
      focusedAt.push([...(this.parentElement?.children ?? [])].indexOf(this));
    };
    // A change renders, and its effects wait for the next frame (no act() to flush them)...
    const box = named(m, "input", "Enabled: rule 2 (*.test)") as HTMLInputElement;
    box.checked = false;
    box.dispatchEvent(new window.Event("change", { bubbles: true }));
    await Promise.resolve();
    // ...when the move comes: Preact runs those pending effects as the move's render begins.
    const first = m.querySelector('[data-rule-id="a"]') as Element;
    first.dispatchEvent(
      Object.assign(new window.Event("keydown", { bubbles: true, cancelable: true }), {
        key: "ArrowDown",
        altKey: true,
      }),
    );
    await waitFor(() => expect(focusedAt).toEqual([1]));
    expect(focused?.getAttribute("data-rule-id")).toBe("a");
    await settle();
    expect(focusedAt).toEqual([1]);
  });

  it("switches a rule off, changes its route and deletes it: each change sends only the changed rule and the order", async () => {
    const m = await mount(stored);
    const box = named(m, "input", "Enabled: rule 2 (*.test)") as HTMLInputElement;
    box.checked = false;
    await fire(box, "change");
    expect(lastSaved()[1]).toEqual({ ...stored[1], enabled: false });
    expect(sent.at(-1)).toEqual({
      type: "patchSiteRules",
      upsert: [{ ...stored[1], enabled: false }],
      order: ["a", "b", "c"],
      removed: [],
    });
    const select = named(m, "select", "Route: rule 3 (10.0.0.0/8)") as HTMLSelectElement;
    select.value = "direct";
    await fire(select, "change");
    expect(lastSaved()[2]?.route).toEqual({ kind: "direct" });
    expect(lastSaved()[1]?.enabled).toBe(false);
    await fire(button(m, "Delete rule 1 (example.com)"), "click");
    expect(lastSaved().map((r) => r.id)).toEqual(["b", "c"]);
    expect(sent.at(-1)).toMatchObject({ upsert: [], order: ["b", "c"], removed: ["a"] });
    expect(focused?.getAttribute("data-rule-id")).toBe("b");
  });

  /**
   * The user switches rule 2 off; elsewhere (another browser by sync, the popup), just before
   * that change lands, the list becomes `there`. Storage's news of both lands before the reply
   * does (the page holds it back then).
   */
  async function switchOffWhileElsewhere(m: HTMLElement, there: SiteRule[]) {
    const store = answer;
    let first = true;
    answer = async (message) => {
      if (!first) return store(message);
      first = false;
      await saveSiteRules(there);
      const reply = await store(message);
      // The page hears storage's news (and reads the list again) before the reply comes.
      for (let turn = 0; turn < 8; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
      return reply;
    };
    const box = named(m, "input", "Enabled: rule 2 (*.test)") as HTMLInputElement;
    box.checked = false;
    await fire(box, "change");
  }

  it("rules removed and added elsewhere while a change is on its way: both stand, the change lands, the page shows them", async () => {
    const m = await mount(stored);
    // Elsewhere: rule 3 removed, a new rule added.
    const arrived = pattern("d", "new.test", { kind: "block" });
    await switchOffWhileElsewhere(m, [stored[0], stored[1], arrived] as SiteRule[]);
    // One patch, never the page's whole list over the stored one.
    expect(sent.map((s) => s.type)).toEqual(["patchSiteRules"]);
    expect(lastSaved()).toEqual([stored[0], { ...stored[1], enabled: false }, arrived]);
    await waitFor(() => expect(rowTexts(m)).toEqual(["example.com", "*.test", "new.test"]));
    // The next change goes over that list: the removal still stands, the new rule stays.
    const select = named(m, "select", "Route: rule 1 (example.com)") as HTMLSelectElement;
    select.value = "direct";
    await fire(select, "change");
    expect(lastSaved().map((r) => r.id)).toEqual(["a", "b", "d"]);
    expect(lastSaved()[0]?.route).toEqual({ kind: "direct" });
  });

  it("a rule that arrived while a change was on its way can be deleted at once", async () => {
    const m = await mount(stored);
    await switchOffWhileElsewhere(m, [...stored, pattern("d", "new.test", { kind: "block" })]);
    await waitFor(() => expect(rowTexts(m)).toContain("new.test"));
    // Deleted straight away: named as removed, not kept as a rule the page never saw.
    await fire(button(m, "Delete rule 4 (new.test)"), "click");
    expect(sent.at(-1)).toMatchObject({ removed: ["d"] });
    expect(lastSaved().map((r) => r.id)).toEqual(["a", "b", "c"]);
    await waitFor(() => expect(rowTexts(m)).toEqual(["example.com", "*.test", "10.0.0.0/8"]));
  });

  it("a rule whose token is gone or expired says that it blocks its sites", async () => {
    const m = await mount([
      pattern("g", "gone.test", { kind: "token", tokenId: 99 }),
      pattern("x", "old.test", { kind: "token", tokenId: 3 }),
      pattern("off", "off.test", { kind: "token", tokenId: 99 }, false),
    ]);
    const gone = named(m, "select", "Route: rule 1 (gone.test)") as HTMLSelectElement;
    expect(gone.value).toBe("token:99");
    expect(m.querySelector(`#${gone.getAttribute("aria-describedby")}`)?.textContent).toBe(
      "Blocks its sites: its token is gone — pick another route.",
    );
    const old = named(m, "select", "Route: rule 2 (old.test)");
    expect(m.querySelector(`#${old.getAttribute("aria-describedby")}`)?.textContent).toBe(
      "Blocks its sites: its token is expired — pick another route.",
    );
    // A rule that is off blocks nothing.
    expect(named(m, "select", "Route: rule 3 (off.test)").hasAttribute("aria-describedby")).toBe(
      false,
    );
  });

  it("Chrome: a third token on one gateway says its sites are blocked, naming the gateway", async () => {
    const gw = { host: "gw.shared.test", port: 9000 };
    const tokens = [4, 5, 6].map((id) => makeToken({ id, ...gw }));
    const rules = [4, 5, 6].map((id) =>
      pattern(`t${id}`, `s${id}.test`, { kind: "token", tokenId: id }),
    );
    const m = await mount(
      rules,
      "en",
      <RulesSection tokens={tokens} connection={{ activeTokenId: null, lastTokenId: null }} />,
    );
    for (const position of [1, 2]) {
      const select = named(m, "select", `Route: rule ${position} (s${position + 3}.test)`);
      expect(select.hasAttribute("aria-describedby")).toBe(false);
    }
    const third = named(m, "select", "Route: rule 3 (s6.test)");
    expect(m.querySelector(`#${third.getAttribute("aria-describedby")}`)?.textContent).toBe(
      "Blocks its sites: Chrome keeps one login per proxy address, and other tokens already use both ways of writing gw.shared.test:9000 — pick a token on another gateway.",
    );
  });

  it("a refused save says why and shows the stored rules again", async () => {
    answer = () => ({ ok: false, failure: { code: "background-unreachable" } });
    const m = await mount(stored);
    await fire(m.querySelector('[data-rule-id="c"]'), "keydown", { key: "ArrowUp", altKey: true });
    expect(m.querySelector("#rules-status")?.textContent).toMatch(/^The rules were not saved\. /);
    expect(m.querySelector("#rules-status")?.getAttribute("role")).toBe("alert");
    expect(rowTexts(m)).toEqual(["example.com", "*.test", "10.0.0.0/8"]);
  });

  it("edits a pattern in its row, checked as typed; Escape cancels", async () => {
    const m = await mount(stored);
    await fire(button(m, "Edit rule 2 (*.test)"), "click");
    const input = m.querySelector('[data-rule-id="b"] .rule-edit input') as HTMLInputElement;
    expect(focused).toBe(input);
    await type(input, "10.0.0.0/33");
    expect(m.querySelector(`#${input.getAttribute("aria-describedby")}`)?.textContent).toMatch(
      /^Write the range as an address, a slash and a prefix length/,
    );
    await fire(m.querySelector(".rule-edit"), "submit");
    expect(sent).toEqual([]);
    await type(input, "*.example.net");
    await fire(m.querySelector(".rule-edit"), "submit");
    expect(lastSaved()[1]).toEqual({
      ...stored[1],
      source: { type: "pattern", text: "*.example.net" },
    });
    expect(focused?.textContent).toBe("Edit");

    await fire(button(m, "Edit rule 1 (example.com)"), "click");
    await fire(m.querySelector(".rule-edit input"), "keydown", { key: "Escape" });
    expect(m.querySelector(".rule-edit")).toBeNull();
    expect(sent.filter(isSave)).toHaveLength(1);
  });

  it("answers which route an address takes, following the rules as they change", async () => {
    const m = await mount(stored);
    const url = m.querySelector("#rules-test-url") as HTMLInputElement;
    const answerText = () => m.querySelector("#rules-test-answer")?.textContent;
    await type(url, "https://www.example.com/page");
    await fire(m.querySelector(".rule-test"), "submit");
    expect(answerText()).toBe(
      "https://www.example.com/page takes #1 Work · gw.example.net:8001 · United States, by rule 1 (example.com).",
    );
    const box = named(m, "input", "Enabled: rule 1 (example.com)") as HTMLInputElement;
    box.checked = false;
    await fire(box, "change");
    expect(answerText()).toBe(
      "https://www.example.com/page takes the default route: the connected token #2 · gw.example.net:8002 · Germany.",
    );
    await type(url, "http://10.1.2.3/");
    await fire(m.querySelector(".rule-test"), "submit");
    expect(answerText()).toBe("http://10.1.2.3/ takes Block, by rule 3 (10.0.0.0/8).");
    await type(url, "not a url");
    await fire(m.querySelector(".rule-test"), "submit");
    expect(m.querySelector("#rules-test-error")?.textContent).toBe(
      "Enter a full address, for example https://www.example.com/.",
    );
  });

  it("imports a rule list: a report first, then one list rule", async () => {
    const m = await mount([]);
    expect(m.querySelector(".rules-empty")?.textContent).toBe(
      "No rules yet: every site takes the default route.",
    );
    await type(
      m.querySelector("#rules-import-text"),
      "[AutoProxy 0.2.9]\n! comment\n||google.com\n||bad host.com\n@@||mail.google.com\ngoogle*.com\n",
    );
    await fire(button(m, "Check the list"), "click");
    const report = m.querySelector("#rules-import-report");
    expect(report?.querySelector("p")?.textContent).toBe(
      "Lines imported: 3. Comments: 2. Rejected: 1.",
    );
    expect(report?.querySelector(".rule-rejected li")?.textContent).toBe(
      "Line 4: Remove the spaces: a pattern is one word, for example example.com. ||bad host.com",
    );
    // Every line, with what became of it, once the user opens the list.
    const every = report?.querySelector("details.rule-lines") as HTMLDetailsElement;
    expect(every.querySelector("summary")?.textContent).toBe("Every line (6)");
    expect(every.querySelectorAll("li")).toHaveLength(0);
    every.open = true;
    await fire(every, "toggle");
    expect([...every.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Line 1: the AutoProxy header, a comment: it says the bare lines below are keywords [AutoProxy 0.2.9]",
      "Line 2: a comment, skipped ! comment",
      "Line 3: the host and its subdomains ||google.com",
      "Line 4: Remove the spaces: a pattern is one word, for example example.com. ||bad host.com",
      "Line 5: an exception (@@), kept off this list's route: the host and its subdomains @@||mail.google.com",
      "Line 6: plain http:// addresses that hold this text after http://, * standing for any characters (dots and dashes too) and ? for one google*.com",
    ]);
    await type(m.querySelector("#rules-import-name"), "gfw");
    const route = m.querySelector("#rules-import-route") as HTMLSelectElement;
    route.value = "token:1";
    await fire(route, "change");
    await fire(button(m, "Add as one rule"), "click");
    expect(lastSaved()).toEqual([
      {
        id: expect.any(String),
        enabled: true,
        source: {
          type: "list",
          name: "gfw",
          lines: ["[AutoProxy 0.2.9]", "||google.com", "@@||mail.google.com", "google*.com"],
        },
        route: { kind: "token", tokenId: 1 },
      },
    ]);
    expect(rowTexts(m)).toEqual(["List “gfw” (3 lines)"]);
  });

  it("a list that routes nothing says why and offers nothing to add", async () => {
    const m = await mount([]);
    const check = async (text: string) => {
      await type(m.querySelector("#rules-import-text"), text);
      await fire(button(m, "Check the list"), "click");
      const paragraphs = m.querySelectorAll("#rules-import-report > p");
      return [...paragraphs].map((p) => p.textContent);
    };
    expect(await check("[AutoProxy 0.2.9]\n")).toEqual([
      "Lines imported: 0. Comments: 1. Rejected: 0.",
      "This list routes nothing: it holds only comments (an [AutoProxy] header is one too). Add rule lines, for example ||example.com.",
    ]);
    expect(m.querySelector("#rules-import-name")).toBeNull();
    expect(() => button(m, "Add as one rule")).toThrow();
    expect(await check("[AutoProxy 0.2.9]\n@@||example.com\n")).toEqual([
      "Lines imported: 1. Comments: 1. Rejected: 0.",
      "This list routes nothing: its only usable lines are @@ exceptions, which keep addresses off the list's route but send none along it. Add the lines they are exceptions to.",
    ]);
    expect(() => button(m, "Add as one rule")).toThrow();
    expect(await check("||bad host\n")).toEqual([
      "Lines imported: 0. Comments: 0. Rejected: 1.",
      "No line of this list can be used: check that it is a rule list.",
    ]);
    expect(sent).toEqual([]);
  });

  it("a rule can be added while the last one is saving: saves go one at a time, in order", async () => {
    const waiting: (() => void)[] = [];
    const store = answer;
    answer = (m) =>
      new Promise((resolve) => {
        waiting.push(async () => resolve(await store(m)));
      });
    const listLength = (s: Message) => ((s.order ?? s.rules) as unknown[]).length;
    const m = await mount([]);
    const input = m.querySelector("#rules-add-pattern") as HTMLInputElement;
    await type(input, "one.test");
    await fire(m.querySelector(".rule-add"), "submit");
    await type(input, "two.test");
    await fire(m.querySelector(".rule-add"), "submit");
    expect(rowTexts(m)).toEqual(["one.test", "two.test"]);
    expect(sent.map(listLength)).toEqual([1]);
    await act(() => waiting[0]?.());
    await waitFor(() => expect(sent.map(listLength)).toEqual([1, 2]));
    // The first save's storage change does not take the second rule off the page (it must not
    // happen: give the change the ticks it takes to reach the page before looking).
    await settle();
    expect(rowTexts(m)).toEqual(["one.test", "two.test"]);
    await act(() => waiting[1]?.());
    await waitFor(() => expect(savedLists).toHaveLength(2));
    // Nor does the second's, nor the first's late echo: again a check that nothing happened.
    await settle();
    expect(rowTexts(m)).toEqual(["one.test", "two.test"]);
  });

  it("the address box says when a rule's gone token blocks the address", async () => {
    const m = await mount([pattern("g", "example.com", { kind: "token", tokenId: 99 })]);
    await type(m.querySelector("#rules-test-url"), "www.example.com");
    await fire(m.querySelector(".rule-test"), "submit");
    expect(m.querySelector("#rules-test-answer")?.textContent).toBe(
      "https://www.example.com/ is blocked by rule 1 (example.com): its token is gone or expired. Pick another route for it.",
    );
  });

  it("speaks Chinese when the page does", async () => {
    const m = await mount(stored, "zh_CN");
    expect(m.querySelector("#site-rules-heading")?.textContent).toBe("站点规则");
    expect(button(m, "上移：规则 2（*.test）")).toBeTruthy();
    await type(m.querySelector("#rules-add-pattern"), "a*b/c");
    expect(m.querySelector("#rules-add-pattern-error")?.textContent).toMatch(/^这不是主机名/);
  });
});
