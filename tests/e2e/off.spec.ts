/**
 * Off means off (issue 34): with a site rule and a list on, Off sends every site direct, and the
 * toolbar says so; with no token but the rules on, a rule-routed tab's toolbar names the token
 * its requests go through, never "direct". Off holds across a worker stop.
 */

import type { Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import {
  control,
  createTokens,
  exitOfSite,
  must,
  sandboxPage,
  sendOk,
  TEST_NAMES,
  watchWorker,
} from "./harness";

const extensionId = unpackedExtensionId(extensionPath);

const listUrl = (sb: Sandbox, name: string) =>
  `https://lists.test:${new URL(sb.listsUrl).port}/lists/${name}`;

/** The toolbar as the user sees it on the tab showing `host` (its own title and text, if any). */
const toolbarOn = (ext: Page, host: string) =>
  ext.evaluate(async (h) => {
    const [tab] = await chrome.tabs.query({ url: `*://${h}/*` });
    const tabId = tab?.id;
    return {
      title: await chrome.action.getTitle(tabId === undefined ? {} : { tabId }),
      text: await chrome.action.getBadgeText(tabId === undefined ? {} : { tabId }),
    };
  }, host);

test("Off with a site rule and a list on: every site direct, the badge and title say so; with no token the rule-routed tab names its token; Off holds after a worker stop", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const context = await launchWithExtension(userDataDir, [
    TEST_NAMES,
    "--ignore-certificate-errors",
  ]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const [a, b] = await createTokens(ext, "static-traffic", 2);
    const [one, two] = [must(a, "one"), must(b, "two")];
    await sendOk(ext, {
      type: "setSiteRoute",
      host: "ruled.test",
      route: { kind: "token", tokenId: two.id },
    });
    await control(sb, "lists/l", {
      status: 200,
      delay_ms: 0,
      pad_bytes: 0,
      content_type: "text/plain; charset=utf-8",
      text: "||listed.test\n",
    });
    const subscribed = await sendOk(ext, {
      type: "subscribeRuleList",
      name: "List",
      url: listUrl(sb, "l"),
      via: { kind: "direct" },
      everyHours: 24,
      route: { kind: "token", tokenId: one.id },
    });
    expect(subscribed.subscribed).toBe(true);
    await sendOk(ext, { type: "connect", tokenId: one.id });
    expect(await exitOfSite(context, echo, "other.test")).toBe(one.ip);
    expect(await exitOfSite(context, echo, "ruled.test")).toBe(two.ip);

    // No token, the rules on: the rule-routed tab's toolbar names its token, never "direct".
    await sendOk(ext, { type: "disconnect" });
    expect(await exitOfSite(context, echo, "ruled.test")).toBe(two.ip);
    expect(await exitOfSite(context, echo, "other.test")).toBe("127.0.0.1");
    const port = new URL(echo.url).port;
    const ruledTab = await context.newPage();
    await ruledTab.goto(`http://ruled.test:${port}/`);
    await ruledTab.bringToFront();
    await expect
      .poll(() => toolbarOn(ext, "ruled.test"))
      .toEqual({
        title: `Proxy Deck: this site goes through #${two.id} (a site rule)`,
        text: `#${two.id}`,
      });
    const global = await ext.evaluate(() => chrome.action.getTitle({}));
    expect(global).not.toContain("direct (no proxy)");

    // Off: every site direct, the rule's and the list's included; the toolbar says Off.
    await sendOk(ext, { type: "off" });
    for (const site of ["ruled.test", "listed.test", "other.test"]) {
      expect(await exitOfSite(context, echo, site), site).toBe("127.0.0.1");
    }
    await ruledTab.bringToFront();
    await expect
      .poll(() => toolbarOn(ext, "ruled.test"))
      .toEqual({
        title: "Proxy Deck: Off · every site goes direct, site rules included",
        text: "OFF",
      });

    // A worker stop: the woken worker keeps Off.
    const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
    await worker.sleep();
    await sendOk(ext, { type: "routeOf", url: `http://ruled.test:${port}/` });
    expect(await exitOfSite(context, echo, "ruled.test")).toBe("127.0.0.1");
    expect(await exitOfSite(context, echo, "listed.test")).toBe("127.0.0.1");

    // On again: the last token, the rules with it.
    await sendOk(ext, { type: "toggle" });
    expect(await exitOfSite(context, echo, "ruled.test")).toBe(two.ip);
    expect(await exitOfSite(context, echo, "listed.test")).toBe(one.ip);
  } finally {
    await context.close();
  }
});
