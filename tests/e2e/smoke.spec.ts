import { expect, test } from "./fixtures";

test("the built extension loads: background worker runs, popup and options render", async ({
  context,
  extensionId,
}) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  expect(new URL(worker.url()).host).toBe(extensionId); // the computed id is the real one
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole("heading", { level: 1, name: "Proxy Deck" })).toBeVisible();
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole("heading", { level: 1 })).toBeVisible();
});
