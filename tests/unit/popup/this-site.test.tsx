/**
 * The popup's "this site" as a component: what it says for each answer of the background, the
 * three choices (pressed state, Default only when the site has its own rule) and a refused
 * save worded as a sentence.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ActiveTab } from "../../../components/popup/env";
import { ThisSite } from "../../../components/popup/ThisSite";
import { askEarly } from "../../../lib/popup/site-question";
import type { Command } from "../../../lib/protocol/commands";
import type { SiteRouteReport } from "../../../lib/traffic/site-route";
import { button, click, fakeEnv, type Mounted, mount, settle, type } from "./dom";

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const report = (over: Partial<SiteRouteReport> = {}): SiteRouteReport => ({
  host: "shop.example",
  rule: null,
  target: { kind: "proxy", tokenId: 7 },
  ownRule: false,
  choices: [
    { id: 7, ip: "198.51.100.7", name: "home", colour: "", countryCode: "US" },
    { id: 9, ip: "203.0.113.9", name: "shop", colour: "#3b82f6", countryCode: "DE" },
  ],
  ...over,
});

async function show(
  answer: () => SiteRouteReport,
  onSet?: (command: Command) => unknown,
  tab: ActiveTab = { url: "https://shop.example/cart" },
) {
  const sent: Command[] = [];
  const { env } = fakeEnv(
    (command) => {
      sent.push(command);
      if (command.type === "routeOf") return { ok: true, data: answer() };
      return (onSet?.(command) ?? { ok: true, data: null }) as never;
    },
    { tab },
  );
  mounted = await mount(
    <ThisSite activeTokenId={7} engineState="connected" activeTab={env.activeTab} />,
    env,
  );
  await settle();
  return { root: mounted.root, sent };
}

describe("ThisSite", () => {
  it("shows the answer asked as the page opened in its first render, without asking again", async () => {
    const tab = { url: "https://shop.example/cart" };
    askEarly(async () => tab, (async () => ({ ok: true, data: report() })) as never);
    await settle();
    const sent: Command[] = [];
    const { env } = fakeEnv((command) => {
      sent.push(command);
      return { ok: true, data: report({ host: "asked-again.example" }) } as never;
    });
    mounted = await mount(
      <ThisSite activeTokenId={7} engineState="connected" activeTab={env.activeTab} />,
      env,
    );
    expect(mounted.root.querySelector("p")?.textContent).toContain("shop.example");
    await settle();
    expect(sent).toEqual([]);
    expect(mounted.root.querySelector("p")?.textContent).toContain("shop.example");
  });

  it("an early answer still on its way is awaited; a failed one is asked again", async () => {
    askEarly(async () => ({ url: "https://shop.example/" }), (async () => ({
      ok: false,
      failure: { code: "background-unreachable" },
    })) as never);
    const { root, sent } = await show(() => report());
    expect(sent).toEqual([{ type: "routeOf", url: "https://shop.example/cart" }]);
    expect(root.querySelector("p")?.textContent).toContain("through #7");
  });

  it("says the site, where it goes and why: the default route", async () => {
    const { root, sent } = await show(() => report());
    expect(sent[0]).toEqual({ type: "routeOf", url: "https://shop.example/cart" });
    const line = root.querySelector("p")?.textContent ?? "";
    expect(line).toContain("shop.example");
    expect(line).toContain("through #7");
    expect(line).toContain("by the default route");
    expect(button(root, "Default").disabled).toBe(true);
    expect(button(root, "Default").getAttribute("aria-pressed")).toBe("true");
  });

  it("names the rule, and says blocked with the reason when its token is gone", async () => {
    const { root } = await show(() =>
      report({
        rule: { id: "r", position: 3, text: "*.example", route: { kind: "token", tokenId: 9 } },
        target: { kind: "block", failure: { code: "token-missing" } },
      }),
    );
    expect(root.textContent).toContain("blocked");
    expect(root.textContent).toContain("by rule 3 (*.example)");
    expect(root.textContent).toContain("no longer stored");
  });

  it("Direct saves the site's own rule and shows the new route; Default removes it", async () => {
    let current = report();
    const { root, sent } = await show(
      () => current,
      (command) => {
        if (command.type !== "setSiteRoute") return undefined;
        current = command.route
          ? report({
              rule: { id: "own", position: 1, text: "shop.example", route: command.route },
              target: { kind: "direct" },
              ownRule: true,
            })
          : report();
        return { ok: true, data: null };
      },
    );
    await click(mounted as Mounted, button(root, "Direct"));
    await settle();
    expect(sent).toContainEqual({
      type: "setSiteRoute",
      host: "shop.example",
      route: { kind: "direct" },
    });
    expect(root.textContent).toContain("by rule 1 (shop.example)");
    expect(button(root, "Direct").getAttribute("aria-pressed")).toBe("true");
    await click(mounted as Mounted, button(root, "Default"));
    await settle();
    expect(sent).toContainEqual({ type: "setSiteRoute", host: "shop.example", route: null });
    expect(root.textContent).toContain("by the default route");
  });

  it("Other… offers every token that can carry traffic, and Block: a token other than the connected one in two clicks", async () => {
    let current = report();
    const { root, sent } = await show(
      () => current,
      (command) => {
        if (command.type !== "setSiteRoute" || !command.route) return undefined;
        current = report({
          rule: { id: "own", position: 1, text: "shop.example", route: command.route },
          target: { kind: "proxy", tokenId: 9 },
          ownRule: true,
        });
        return { ok: true, data: null };
      },
    );
    expect(root.querySelector('[data-testid="site-chooser"]')).toBeNull();
    await click(mounted as Mounted, button(root, "Other…"));
    const chooser = root.querySelector('[data-testid="site-chooser"]') as HTMLElement;
    expect(button(chooser, /Through #7/).textContent).toContain("198.51.100.7");
    expect(button(chooser, "Block")).toBeTruthy();
    // Two tokens: no search field.
    expect(chooser.querySelector("input")).toBeNull();
    await click(mounted as Mounted, button(chooser, /Through #9/));
    await settle();
    expect(sent).toContainEqual({
      type: "setSiteRoute",
      host: "shop.example",
      route: { kind: "token", tokenId: 9 },
    });
    expect(root.textContent).toContain("through #9");
    expect(root.querySelector('[data-testid="site-chooser"]')).toBeNull();
    // The site's own rule names a token other than the connected one: "Other…" shows pressed.
    expect(button(root, "Other…").getAttribute("aria-pressed")).toBe("true");
    expect(button(root, "Through #7 home").getAttribute("aria-pressed")).toBe("false");
  });

  it("many tokens get a search field by number, IP, name or country; the list stays short", async () => {
    const choices = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      ip: `10.0.${Math.floor(i / 250)}.${i % 250}`,
      name: i === 141 ? "berlin office" : "",
      colour: "",
      countryCode: i === 141 ? "DE" : "US",
    }));
    const { root } = await show(() => report({ choices }));
    await click(mounted as Mounted, button(root, "Other…"));
    const chooser = root.querySelector('[data-testid="site-chooser"]') as HTMLElement;
    expect(chooser.querySelectorAll(".site-choice")).toHaveLength(50 + 1); // + Block
    expect(chooser.textContent).toContain("250 more");
    const search = chooser.querySelector("input") as HTMLInputElement;
    await type(mounted as Mounted, search, "berlin");
    expect([...chooser.querySelectorAll(".site-choice")].map((b) => b.textContent)).toEqual([
      expect.stringContaining("#142"),
      "Block",
    ]);
    await type(mounted as Mounted, search, "de 10.0.0.141");
    expect(chooser.querySelectorAll(".site-choice")).toHaveLength(2);
    await type(mounted as Mounted, search, "nowhere");
    expect(chooser.textContent).toContain("No token matches");
  });

  it("no usable token: Other… says so and still offers Block", async () => {
    const { root } = await show(() => report({ choices: [] }));
    await click(mounted as Mounted, button(root, "Other…"));
    const chooser = root.querySelector('[data-testid="site-chooser"]') as HTMLElement;
    expect(chooser.textContent).toContain("No token can carry traffic");
    expect(button(chooser, "Block")).toBeTruthy();
  });

  it("a refused save is a sentence", async () => {
    const { root } = await show(
      () => report(),
      () => ({ ok: false, failure: { code: "site-rule-invalid", position: 1, pattern: "x y" } }),
    );
    await click(mounted as Mounted, button(root, "Direct"));
    await settle();
    expect(root.querySelector(".error")?.textContent).toContain("Site rule 1 (x y)");
  });

  it("a Firefox tab in a container asks for the route of that container", async () => {
    const { sent } = await show(() => report(), undefined, {
      url: "https://shop.example/",
      container: "firefox-container-2",
    });
    expect(sent[0]).toEqual({
      type: "routeOf",
      url: "https://shop.example/",
      container: "firefox-container-2",
    });
  });

  it("a tab with no web page says so", async () => {
    const { root } = await show(() => report({ host: "" }));
    expect(root.textContent).toContain("site rules apply to web pages only");
  });
});
