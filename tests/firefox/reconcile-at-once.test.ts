/**
 * Triggers of the engine's reconcile arriving at once, in Firefox ESR against the sandbox: a
 * rule save, a switch and a second rule save sent together, ten times. Whatever order they
 * finish in, Firefox routes by the latest state: the last rules and the last token, seen at the
 * echo server.
 */
import { expect, onTestFailed, test } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, exitOfPageLoad, sendOk } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

const directRule = (host: string, round: number): SiteRule => ({
  id: `direct-${host}-${round}`,
  enabled: true,
  source: { type: "pattern", text: host },
  route: { kind: "direct" },
});

test(
  "a rule save, a switch and another rule save at once, ten times: Firefox routes by the latest rules and token",
  async () => {
    const { ext, site } = suite;
    // A hang ends as the test's timeout alone: this says where it stood.
    let step = "creating the tokens";
    let cleaning = false;
    onTestFailed(() =>
      console.log(
        `reconcile-at-once stopped at: ${step}${cleaning ? ", then in its clean-up" : ""}`,
      ),
    );
    const port = new URL(suite.echo.url).port;
    const tokens = (await createTokens(ext, "static-traffic", 2)).map((t, i) => must(t, `${i}`));
    await sendOk(ext, { type: "connect", tokenId: must(tokens[0], "A").id });
    try {
      for (let round = 0; round < 10; round++) {
        const to = must(tokens[(round + 1) % 2], "the token to switch to");
        step = `round ${round}: the three commands`;
        await Promise.all([
          // The first save would send 127.0.0.1 direct; the last sends localhost direct instead.
          sendOk(ext, { type: "setSiteRules", rules: [directRule("127.0.0.1", round)] }),
          sendOk(ext, { type: "connect", tokenId: to.id }),
          sendOk(ext, { type: "setSiteRules", rules: [directRule("localhost", round)] }),
        ]);
        step = `round ${round}: the page through the token`;
        expect(await exitOfPageLoad(site, `http://127.0.0.1:${port}/?round=${round}`)).toBe(to.ip);
        step = `round ${round}: the page sent direct`;
        expect(await exitOfPageLoad(site, `http://localhost:${port}/?round=${round}`)).toBe(
          "127.0.0.1",
        );
      }
    } finally {
      cleaning = true;
      await sendOk(ext, { type: "setSiteRules", rules: [] });
      await sendOk(ext, { type: "disconnect" });
      cleaning = false;
    }
  },
  // Ten rounds of three commands and two page loads: 12 s quietly, but about 20 s a round in a
  // loaded run (three clean-clone runs side by side, 2026-11-28): 195 s, past the default 180.
  guard(120_000),
);
