/**
 * Site rules in real Chromium, at 10,000 rules:
 *   apply           chrome.proxy.settings.set of the generated PAC script, timed in the worker
 *   save + apply    the editor's setSiteRules, sent from an extension page as the pages send it
 *                   (JSON text) → its reply: checks every rule again, stores the list, builds
 *                   the plan and the PAC script, and applies it (timed in the page)
 *   this site       the popup's routeOf round trip: plans from the background's decoded rules,
 *                   routes one URL (timed in the page)
 *   a 50,000-line AutoProxy list: parsed, saved and live, asked; and the same list imported
 *                   through Options as a user does it (bench-list-import-ui.ts)
 * Median and p95 over RUNS runs. Figures only: nothing here asserts on time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pacScript } from "../lib/routing/pac";
import { parseRuleList } from "../lib/routing/rule-list";
import type { SiteRule } from "../lib/routing/rules";
import { backgroundWorker, launchWithExtension } from "../tests/e2e/fixtures";
import {
  createTokens,
  extensionPage,
  must,
  openOptions,
  sandboxFor,
  sandboxSettings,
  sendOk,
} from "../tests/e2e/harness";
import { type ImportTimes, importThroughOptions } from "./bench-list-import-ui";

const RULES = 10_000;
const LIST_LINES = 50_000;

/** gfwlist-like lines: host anchors, keywords, URL starts, a few exceptions and comments. */
function autoProxyList(lines: number): string {
  const body = Array.from({ length: lines - 1 }, (_, i) =>
    i % 50 === 0
      ? `! section ${i}`
      : i % 97 === 0
        ? `@@||ok${i}.example`
        : i % 5 === 0
          ? `|http://www.page${i}.example/path`
          : i % 7 === 0
            ? `keyword${i}`
            : `||host${i}.example`,
  );
  return ["[AutoProxy 0.2.9]", ...body].join("\n");
}

/** One command from the extension page as the pages send it (JSON text), timed in the page. */
function sendTimed(ext: import("@playwright/test").Page, command: object): Promise<number> {
  return ext.evaluate(async (text) => {
    const start = performance.now();
    const reply = JSON.parse(await chrome.runtime.sendMessage(text));
    if (!reply.ok) throw new Error(JSON.stringify(reply));
    return performance.now() - start;
  }, JSON.stringify(command));
}
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return `${name.padEnd(40)} median ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;
}

async function main(): Promise<void> {
  const sb = await sandboxFor();
  const profile = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-rules-"));
  const context = await launchWithExtension(profile);
  try {
    const worker = await backgroundWorker(context);
    const extensionId = new URL(worker.url()).host;
    const ext = await extensionPage(context, extensionId);
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const tokens = await createTokens(ext, "static-traffic", 2);
    const ids = tokens.map((t) => must(t, "token").id);
    const rules = (round: number): SiteRule[] =>
      Array.from({ length: RULES }, (_, i) => ({
        id: `r${round}-${i}`,
        enabled: true,
        source: { type: "pattern", text: i % 10 === 0 ? `*.site${i}.example` : `site${i}.example` },
        route:
          i % 3 === 0
            ? { kind: "direct" }
            : { kind: "token", tokenId: ids[i % ids.length] ?? ids[0] ?? 1 },
      }));

    const applies: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const data = pacScript(rules(i), () => `PROXY 127.0.0.1:${8000 + i}`, "DIRECT");
      applies.push(
        await worker.evaluate(async (script) => {
          const start = performance.now();
          await chrome.proxy.settings.set({
            value: { mode: "pac_script", pacScript: { data: script, mandatory: true } },
            scope: "regular",
          });
          return performance.now() - start;
        }, data),
      );
    }

    // Timed in the extension page, as the editor sends it (JSON text: lib/protocol/wire.ts),
    // so Playwright's own transfer of the list into the page is not counted.
    const saves: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      saves.push(await sendTimed(ext, { type: "setSiteRules", rules: rules(100 + i) }));
    }
    // The editor's usual save with 10,000 rules: one rule changed, sent as a patch (the rule
    // and the order of all 10,000), as components/options/rules/use-rules.ts sends it.
    const edits: number[] = [];
    const current = rules(100 + RUNS - 1);
    for (let i = 0; i < RUNS; i++) {
      const changed = { ...(current[i] as SiteRule), enabled: i % 2 === 0 };
      const order = current.map((r) => r.id);
      edits.push(await sendTimed(ext, { type: "patchSiteRules", upsert: [changed], order }));
    }
    // The popup's "this site" question with the last saved 10,000 rules in storage.
    const asks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const url = `https://www.site${i * 10 + 1}.example/page`;
      asks.push(await sendTimed(ext, { type: "routeOf", url }));
    }
    // A published-size AutoProxy list of 50,000 lines: parsed for the preview (as Options does,
    // in the page), then saved as one list rule and live, then asked which route.
    const listText = autoProxyList(LIST_LINES);
    const lists = { parse: [] as number[], save: [] as number[], ask: [] as number[] };
    for (let i = 0; i < Math.min(RUNS, 5); i++) {
      const start = performance.now();
      const { accepted } = parseRuleList(listText);
      lists.parse.push(performance.now() - start);
      const rule: SiteRule = {
        id: `list-${i}`,
        enabled: true,
        source: { type: "list", name: "big", lines: accepted },
        route: { kind: "token", tokenId: ids[0] ?? 1 },
      };
      lists.save.push(await sendTimed(ext, { type: "setSiteRules", rules: [rule] }));
      lists.ask.push(
        await sendTimed(ext, { type: "routeOf", url: "http://www.host49999.example/" }),
      );
    }
    // The same list as a new user imports it: Options' file chooser, Check, Add, the tester.
    const viaOptions: ImportTimes[] = [];
    for (let i = 0; i < Math.min(RUNS, 3); i++) {
      await sendOk(ext, { type: "setSiteRules", rules: [] });
      const options = await openOptions(context, extensionId, "rules-import");
      viaOptions.push(
        await importThroughOptions(options, {
          name: `big${i}`,
          text: listText,
          tokenId: ids[0] ?? 1,
          testUrl: "http://www.host49998.example/",
        }),
      );
      await options.close();
    }
    const step = (key: keyof ImportTimes) => viaOptions.map((times) => times[key]);
    console.log(`Site rules in Chromium (${RULES.toLocaleString("en")} rules, ${RUNS} runs)`);
    console.log(summary("apply (proxy.settings.set of the PAC)", applies));
    console.log(summary("save + apply, whole list (setSiteRules)", saves));
    console.log(summary("save + apply, one rule edited (patchSiteRules)", edits));
    console.log(summary("'this site' answer (routeOf round trip)", asks));
    console.log(`A ${LIST_LINES.toLocaleString("en")}-line AutoProxy list`);
    console.log(summary("parsed for the preview (parseRuleList)", lists.parse));
    console.log(summary("saved and live (setSiteRules round trip)", lists.save));
    console.log(summary("'this site' answer with it (routeOf)", lists.ask));
    console.log("The same list through Options (file chooser, Check, Add, tester), in the page");
    console.log(summary("file chosen → its text in the box", step("read")));
    console.log(summary("Check the list → report shown", step("listed")));
    console.log(summary("Add as one rule → its row shown", step("row")));
    console.log(summary("Add as one rule → saved and live", step("saved")));
    console.log(summary("route tester → answer shown", step("tested")));
    const total = viaOptions.map((t) => t.read + t.listed + t.saved + t.tested);
    console.log(summary("all four, the user's waits summed", total));
  } finally {
    await context.close();
    await sb.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
