/**
 * "Check all" as the user sees it, in real Chromium against the sandbox: Options' Token health
 * section (progress to the end, each row's result in words, sorted fastest first, the selected
 * tokens checked again) and the popup's marks (a refused token's row says so, a working one its
 * latency; the popup's own Check all runs a check).
 */

import type { Page } from "@playwright/test";
import type { HealthRun } from "../../lib/health/health";
import { guard } from "../support/pace";
import { expect, extensionPath, test, unpackedExtensionId } from "./fixtures";
import {
  control,
  must,
  openOptions,
  sandboxPage,
  TEST_NAMES,
  tokensOnOwnGateways,
} from "./harness";
import { launchWithPopup } from "./popup-window";

const extensionId = unpackedExtensionId(extensionPath);

const runOf = (ext: Page) =>
  ext.evaluate(
    async () =>
      ((await chrome.storage.session.get("healthRun")).healthRun ?? null) as HealthRun | null,
  );

test("Check all in Options: progress to the end, results in words, fastest first, selected checked again; the popup marks the refused token", async ({
  userDataDir,
  sb,
}) => {
  const { context, openPopup, close } = await launchWithPopup(userDataDir, [TEST_NAMES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    // Each on a gateway of its own: Chrome checks them all without dropping a login.
    const made = await tokensOnOwnGateways(ext, sb, 3);
    const [fast, refused, slow] = [must(made[0], "a"), must(made[1], "b"), must(made[2], "c")];
    await control(sb, "gateway/refuse-password", { token_id: refused.sandboxId });
    // Slower than any loopback answer: "fastest first" has one right order.
    await control(sb, "gateway/token", { token_id: slow.sandboxId, slow_ms: 300 });

    const options = await openOptions(context, extensionId, "health");
    const section = options.locator("#health");
    await expect(section.getByRole("heading", { name: "Token health" })).toBeVisible();
    const row = (id: number) => section.locator(`tbody tr[data-token-id="${id}"]`);
    await expect(row(fast.id)).toContainText(`#${fast.id}`);
    await expect(row(fast.id)).toContainText("Not checked yet");

    await section.getByRole("button", { name: "Check all" }).click();
    const status = section.locator(".health-progress [role=status]");
    await expect(status).toHaveText("Checked 3 of 3.", { timeout: guard(30_000) });
    await expect(section.locator(".health-progress progress")).toHaveJSProperty("value", 3);
    await expect(section.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    const result = (id: number) => row(id).locator(".health-result");
    // "Works", and the latency once, in its own column.
    const latency = (id: number) => row(id).locator(".health-latency");
    await expect(result(fast.id)).toHaveText("Works");
    await expect(result(slow.id)).toHaveText("Works");
    await expect(latency(fast.id)).toHaveText(/^\d+ ms$/);
    await expect(result(refused.id)).toHaveText(
      "Login refused: the gateway did not accept this token's password",
    );
    // The slow gateway's latency is at least its delay.
    const slowMs = Number((await latency(slow.id).textContent())?.match(/(\d+) ms/)?.[1]);
    expect(slowMs).toBeGreaterThanOrEqual(300);
    // Chrome does not learn a token's exit without moving the user's traffic: it says so.
    await expect(row(fast.id).locator(".health-exit")).toHaveText(
      "not learned in Chrome without moving your traffic",
    );
    await expect(row(refused.id).locator("time")).toBeVisible();

    const order = () =>
      section
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-token-id"))));
    expect(await order()).toEqual([fast.id, refused.id, slow.id].sort((a, b) => a - b));
    await section.getByLabel("Sort").selectOption({ label: "Fastest first" });
    await expect.poll(order).toEqual([fast.id, slow.id, refused.id]);
    await section.getByLabel("Sort").selectOption({ label: "By result" });
    await expect.poll(order).toEqual([...[fast.id, slow.id].sort((a, b) => a - b), refused.id]);

    // Check selected: only that token, in a run of its own.
    const first = must(await runOf(ext), "run");
    await section.getByLabel(`Select token #${refused.id}`).check();
    await section.getByRole("button", { name: "Check selected (1)" }).click();
    await expect(status).toHaveText("Checked 1 of 1.", { timeout: guard(30_000) });
    const second = must(await runOf(ext), "run");
    expect(second.startedAt).toBeGreaterThan(first.startedAt);
    expect(second.total).toBe(1);
    await expect(result(refused.id)).toHaveText(/^Login refused/);

    // The popup: the refused token's row is marked, with the sentence as its title; a working
    // one shows its latency.
    const popup = await openPopup();
    const mark = (id: number) => `[data-token-id="${id}"] .health-mark`;
    await popup.waitForSelector(mark(refused.id));
    expect(await popup.$eval(mark(refused.id), (e) => e.textContent)).toBe("login refused");
    expect(await popup.$eval(mark(refused.id), (e) => e.getAttribute("title"))).toBe(
      "Login refused: the gateway did not accept this token's password",
    );
    await popup.waitForSelector(mark(fast.id));
    expect(await popup.$eval(mark(fast.id), (e) => e.textContent)).toMatch(/^\d+ ms$/);

    // The popup's own Check all starts a run of every token.
    await popup.locator(".health-bar button::-p-text(Check all)").click();
    await expect
      .poll(async () => {
        const run = await runOf(ext);
        return run && run.startedAt > second.startedAt ? `${run.state} ${run.total}` : null;
      })
      .toBe("done 3");
  } finally {
    await close();
  }
});
