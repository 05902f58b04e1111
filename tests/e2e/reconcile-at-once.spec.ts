/**
 * Triggers of the engine's reconcile arriving at once, in real Chromium against the sandbox: a
 * rule save, a switch, the expiry alarm and a second rule save, all sent together (and again,
 * ten times). Whatever order they finish in, the browser ends on the latest state: the last
 * rules and the last token, seen in the applied config and at the echo server.
 */
import type { SiteRule } from "../../lib/routing/rules";
import { backgroundWorker, expect, test } from "./fixtures";
import { createTokens, exitOfPageLoad, must, sandboxPage, sendOk, TEST_NAMES } from "./harness";
import { launchWithPopup } from "./popup-window";

const directRule = (host: string): SiteRule => ({
  id: `direct-${host}`,
  enabled: true,
  source: { type: "pattern", text: host },
  route: { kind: "direct" },
});

test("a rule save, a switch, an alarm and another rule save at once, ten times: the browser ends on the latest rules and token", async ({
  userDataDir,
  sb,
  echo,
}) => {
  const { context, close } = await launchWithPopup(userDataDir, [TEST_NAMES]);
  try {
    const extensionId = new URL((await backgroundWorker(context)).url()).host;
    const ext = await sandboxPage(context, extensionId, sb);
    const [a, b] = await createTokens(ext, "static-traffic", 2);
    const tokens = [must(a, "token A"), must(b, "token B")];
    await sendOk(ext, { type: "connect", tokenId: tokens[0]?.id ?? 0 });
    const worker = await backgroundWorker(context);
    const port = new URL(echo.url).port;
    const page = await context.newPage();
    for (let round = 0; round < 10; round++) {
      const to = must(tokens[(round + 1) % 2], "the token to switch to");
      const last = `last-${round}.test`;
      await Promise.all([
        sendOk(ext, { type: "setSiteRules", rules: [directRule(`first-${round}.test`)] }),
        sendOk(ext, { type: "connect", tokenId: to.id }),
        worker.evaluate(() =>
          (chrome.alarms.onAlarm as unknown as { dispatch(alarm: object): void }).dispatch({
            name: "token-expiry",
            scheduledTime: Date.now(),
          }),
        ),
        sendOk(ext, { type: "setSiteRules", rules: [directRule(last)] }),
      ]);
      // The applied PAC names the last rule's host, not the first's.
      const pac = await ext.evaluate(async () => {
        const { value } = await chrome.proxy.settings.get({});
        return JSON.stringify(value);
      });
      expect(pac).toContain(last);
      expect(pac).not.toContain(`first-${round}.test`);
      // And the traffic follows: the last rule's host direct, any other through the new token.
      expect(await exitOfPageLoad(page, `http://${last}:${port}/`)).toBe("127.0.0.1");
      expect(await exitOfPageLoad(page, `http://site.test:${port}/?round=${round}`)).toBe(to.ip);
    }
  } finally {
    await close();
  }
});
