/**
 * Site rules at their limit: 10,000 rules (domains, host and URL wildcards, IPv4/IPv6 ranges,
 * a few regexes) compiled by lib/routing/router.ts, then asked about random URLs (known sites,
 * their subdomains, unknown sites that fall through every rule, IP literals). Prints the time
 * per lookup (each timed alone), of compiling, and of generating Chrome's PAC script.
 * Figures only: nothing here asserts on time.
 */
import { performance } from "node:perf_hooks";
import vm from "node:vm";
import { pacScript } from "../lib/routing/pac";
import { compileRules, type Router } from "../lib/routing/router";
import type { Route, SiteRule } from "../lib/routing/rules";

const RULES = 10_000;
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** A small deterministic generator (mulberry32), so every run asks the same questions. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(7);
const pick = (n: number) => Math.floor(rand() * n);

type Kind = "site" | "cdn" | "media" | "tenant" | "app" | "net4" | "net6" | "regex" | "shop";
function kindOf(i: number): Kind {
  const slot = i % 100;
  if (slot < 60) return "site";
  if (slot < 70) return "cdn";
  if (slot < 75) return "media";
  if (slot < 78) return "tenant";
  if (slot < 85) return "app";
  if (slot < 92) return "net4";
  if (slot < 97) return "net6";
  return slot < 98 && i % 1_000 < 100 ? "regex" : "shop";
}
const TEXT: Record<Kind, (i: number) => string> = {
  site: (i) => `site${i}.example`,
  cdn: (i) => `*.cdn${i}.example`,
  media: (i) => `img*.media${i}.example`,
  tenant: (i) => `**.tenant${i}.example`,
  app: (i) => `*://*.app${i}.example/api/*`,
  net4: (i) => `10.${(i >> 8) & 255}.${i & 255}.0/24`,
  net6: (i) => `2001:db8:${i.toString(16)}::/48`,
  regex: (i) => `/^https?:\\/\\/[^/]*track${i}\\./`,
  shop: (i) => `shop${i}.example`,
};
const ruleText = (i: number) => TEXT[kindOf(i)](i);

const rules: SiteRule[] = Array.from({ length: RULES }, (_, i) => ({
  id: `rule-${i}`,
  enabled: true,
  source: { type: "pattern", text: ruleText(i) },
  route: i % 3 === 0 ? { kind: "direct" } : { kind: "token", tokenId: (i % 50) + 1 },
}));

/** Rule positions by kind, so URLs can aim at each kind. */
const kinds = new Map<Kind, number[]>();
for (let i = 0; i < RULES; i++) {
  const kind = kindOf(i);
  const list = kinds.get(kind);
  if (list) list.push(i);
  else kinds.set(kind, [i]);
}
const regexCount = kinds.get("regex")?.length ?? 0;
const some = (kind: Kind) => {
  const all = kinds.get(kind) ?? [0];
  return all[pick(all.length)] ?? 0;
};

function randomUrl(): string {
  const scheme = rand() < 0.7 ? "https" : "http";
  switch (pick(8)) {
    case 0:
      return `${scheme}://www.site${some("site")}.example/path/${pick(99)}?q=${pick(1e6)}`;
    case 1:
      return `${scheme}://img${pick(9)}.media${some("media")}.example/a.png`;
    case 2:
      return `${scheme}://x.app${some("app")}.example/api/v${pick(3)}`;
    case 3:
      return `${scheme}://a.cdn${some("cdn")}.example/lib.js`;
    case 4: {
      const i = some("net4");
      return `http://10.${(i >> 8) & 255}.${i & 255}.${pick(256)}/`;
    }
    case 5:
      return `${scheme}://[2001:db8:${some("net6").toString(16)}::${pick(99)}]/`;
    default:
      return `${scheme}://unknown${pick(1e6)}.sub.nowhere.test/page?x=${pick(99)}`;
  }
}
const urls = Array.from({ length: 10_000 }, randomUrl);

const at = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};
const timeRuns = (run: () => unknown) => {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const start = performance.now();
    run();
    if (i >= 2) samples.push(performance.now() - start);
  }
  return samples;
};

const compileMs = timeRuns(() => compileRules(rules));
const router = compileRules(rules);

/** Warm up, then time every lookup alone; the timer's own cost is measured beside it. */
function timeLookups(router: Router, targets: string[]): { us: number[]; matched: number } {
  let matched = 0;
  for (let i = 0; i < 20_000; i++) router.route(targets[i % targets.length] ?? "");
  const us: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const url = targets[i % targets.length] ?? "";
    const start = process.hrtime.bigint();
    const match = router.route(url);
    us.push(Number(process.hrtime.bigint() - start) / 1_000);
    if (match) matched++;
  }
  return { us, matched };
}
const timerUs: number[] = [];
for (let i = 0; i < 100_000; i++) {
  const start = process.hrtime.bigint();
  timerUs.push(Number(process.hrtime.bigint() - start) / 1_000);
}
const lookups = timeLookups(router, urls);

/** A gfwlist-shaped AutoProxy list as one rule: host anchors, keywords, URL starts, regexes. */
const listLines = ["[AutoProxy 0.2.9]"];
for (let i = 0; i < 6_000; i++) {
  const slot = i % 100;
  if (slot < 75) listLines.push(`||blocked${i}.example`);
  else if (slot < 88) listLines.push(`.keyword${i}.example`);
  else if (slot < 94) listLines.push(`|http://start${i}.example/path`);
  else if (slot < 99) listLines.push(`@@||ok${i}.blocked${i - slot}.example`);
  else listLines.push(`/^https?:\\/\\/[^/]*rx${i}\\./`);
}
const listRouter = compileRules([
  {
    id: "gfw",
    enabled: true,
    source: { type: "list", name: "gfw", lines: listLines },
    route: { kind: "token", tokenId: 1 },
  },
]);
const listUrls = Array.from({ length: 10_000 }, () => {
  const i = pick(6_000);
  const scheme = rand() < 0.7 ? "https" : "http";
  return pick(2) === 0
    ? `${scheme}://www.blocked${i - (i % 100)}.example/x`
    : `${scheme}://unknown${pick(1e6)}.nowhere.test/page`;
});
const listLookups = timeLookups(listRouter, listUrls);

const resolve = (route: Route) =>
  route.kind === "token" ? `PROXY 127.0.0.1:${8000 + route.tokenId}` : "DIRECT";
let pacBytes = 0;
const pacMs = timeRuns(() => {
  pacBytes = pacScript(rules, resolve, "PROXY 127.0.0.1:9").length;
});

/**
 * What Chrome runs per request: the generated script's FindProxyForURL, evaluated here in a
 * V8 context of its own (Chrome's PAC runtime is V8 too), with the URL as Chrome hands it (of
 * https:// only the origin).
 */
const pacContext = vm.createContext({});
vm.runInContext(pacScript(rules, resolve, "PROXY 127.0.0.1:9"), pacContext);
const findProxy = (pacContext as { FindProxyForURL: (url: string, host: string) => string })
  .FindProxyForURL;
const pacArgs = urls.map((url): [string, string] => {
  const parsed = new URL(url);
  const seen = parsed.protocol === "https:" ? `${parsed.origin}/` : url;
  return [seen, parsed.hostname.replace(/^\[|\]$/g, "")];
});
for (let i = 0; i < 20_000; i++) findProxy(...(pacArgs[i % pacArgs.length] ?? ["", ""]));
const pacUs: number[] = [];
for (let i = 0; i < LOOKUPS; i++) {
  const [url, host] = pacArgs[i % pacArgs.length] ?? ["", ""];
  const start = process.hrtime.bigint();
  findProxy(url, host);
  pacUs.push(Number(process.hrtime.bigint() - start) / 1_000);
}

const row = (name: string, samples: number[], unit: string, digits: number) =>
  `${name.padEnd(44)} median ${at(samples, 0.5).toFixed(digits).padStart(7)} ${unit}   p95 ${at(samples, 0.95).toFixed(digits).padStart(7)} ${unit}   (n=${samples.length})`;

const share = (n: number) => `${Math.round((100 * n) / LOOKUPS)}% matched`;
console.log(
  `site rules: ${RULES.toLocaleString("en")} rules (${regexCount} regexes), ${urls.length.toLocaleString("en")} distinct URLs, ${share(lookups.matched)}`,
);
console.log(row("router.route per lookup", lookups.us, "µs", 2));
console.log(row("  (the timer alone)", timerUs, "µs", 2));
console.log(row("PAC FindProxyForURL per request (V8)", pacUs, "µs", 2));
console.log(row("compileRules (10,000 rules)", compileMs, "ms", 1));
console.log(row(`pacScript (10,000 rules, ${Math.round(pacBytes / 1024)} KiB)`, pacMs, "ms", 1));
console.log(
  row(
    `one ${listLines.length.toLocaleString("en")}-line AutoProxy list, per lookup`,
    listLookups.us,
    "µs",
    2,
  ),
  `  ${share(listLookups.matched)}`,
);
