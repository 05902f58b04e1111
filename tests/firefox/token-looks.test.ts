/**
 * Names and colours in Firefox ESR: two tokens of one country, named, read apart on the
 * toolbar title, in the popup's rows and in Options' route menu; a name the gate refuses is
 * refused here too, and the stored look stays.
 */

import { expect, test } from "vitest";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import {
  assertPrerequisites,
  createTokens,
  extensionPage,
  send,
  sendOk,
  storedTokens,
} from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

declare const browser: typeof import("webextension-polyfill");

const BLUE = "#3b82f6";
const GREEN = "#059669";

test("two named tokens of one country read apart: toolbar title, popup rows, route menu; a bad name is refused", async () => {
  const { ext } = suite;
  const [a, b] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
    must(t, `token ${i}`),
  );
  if (!a || !b) throw new Error("two tokens");
  expect(a.country).toBe(b.country);
  await sendOk(ext, { type: "editToken", tokenId: a.id, look: { name: "Work", colour: BLUE } });
  await sendOk(ext, { type: "editToken", tokenId: b.id, look: { name: "Home", colour: GREEN } });
  // The gate holds in this browser too: a line break in a name is refused, the look stays.
  const refused = await send(ext, {
    type: "editToken",
    tokenId: a.id,
    look: { name: "bad\nname", colour: BLUE },
  });
  expect(refused.ok && refused.data.refusal).toBeTruthy();
  const stored = await storedTokens(ext);
  expect(stored.find((t) => t.id === a.id)?.look).toEqual({ name: "Work", colour: BLUE });

  await sendOk(ext, { type: "connect", tokenId: a.id });
  await expect
    .poll(() => ext.evaluate(() => browser.action.getTitle({})), { timeout: guard(10_000) })
    .toContain("Work");

  const popup = await extensionPage(suite.browser);
  const place = (id: number) =>
    popup
      .waitForSelector(`[data-token-id="${id}"] .place`)
      .then((el) => must(el, "row").evaluate((node) => node.textContent ?? ""));
  expect(await place(a.id)).toContain("Work ·");
  expect(await place(b.id)).toContain("Home ·");
  await popup.close();

  const options = await extensionPage(suite.browser, "options.html#site-rules");
  const menu = await options.waitForSelector("#rules-add-route");
  const labels = await must(menu, "route menu").evaluate((select) =>
    [...(select as HTMLSelectElement).options].map((o) => o.textContent ?? ""),
  );
  expect(labels.some((l) => l.includes(`#${a.id} Work`))).toBe(true);
  expect(labels.some((l) => l.includes(`#${b.id} Home`))).toBe(true);
  await options.close();
  await sendOk(ext, { type: "disconnect" });
});
