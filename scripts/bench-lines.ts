/**
 * Adding existing proxies: parsing 10,000 lines of mixed formats (lib/state/proxy-lines.ts),
 * against 1,000 held tokens. Figures only.
 */
import { performance } from "node:perf_hooks";
import { parseProxyLines } from "../lib/state/proxy-lines";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const formats = [
  (i: number) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}:8000:user${i}:pass${i}`,
  (i: number) => `user${i}:p@ss${i}@gw${i}.example.net:3128`,
  (i: number) => `http://user${i}:pass${i}@[2001:db8::${i.toString(16)}]:8080`,
  (i: number) => `socks5://user${i}:pass${i}@10.2.${(i >> 8) & 255}.${i & 255}:1080`,
  (i: number) => `not a proxy ${i}`,
];
const text = Array.from({ length: 10_000 }, (_, i) =>
  (formats[i % formats.length] ?? formats[0])?.(i),
).join("\n");
const held = Array.from({ length: 1_000 }, (_, i) => ({
  host: `gw${i}.example.net`,
  port: 3128,
  username: `user${i}`,
}));

const samples: number[] = [];
for (let i = 0; i < RUNS + 3; i++) {
  const start = performance.now();
  parseProxyLines(text, held);
  if (i >= 3) samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const at = (q: number) =>
  samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] ?? Number.NaN;
console.log(
  `parse 10,000 proxy lines (5 formats, 1,000 held)  median ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   (n=${samples.length})`,
);
