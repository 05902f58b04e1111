/**
 * The floors of lib/: every import runs down, never up or sideways, so no folder's meaning
 * depends on a folder above it and no two folders lean on each other. The README's "The floors"
 * says what each floor is for; this test holds the code to it (type imports count: a type is a
 * dependency of meaning too).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/** Ground first. A folder may import only folders on a lower floor. */
const FLOORS: readonly (readonly string[])[] = [
  // Facts and checks every floor may use: failures, refusals, URL checks, languages; the
  // diagnostics log every catch records into.
  ["base", "diagnostics", "keyboard"],
  // The provider's HTTP API; WebRTC protection.
  ["api", "privacy"],
  // What a token, a setting and the proxy status are, and their checks.
  ["state"],
  // Site rules: patterns, lists, the routing plan, PAC.
  ["routing"],
  // Features over rules and tokens.
  ["backup", "health", "import", "policy", "subscriptions", "traffic"],
  // Words, the pages' command protocol, and sync.
  ["i18n", "protocol", "sync"],
  // The stored-item registry, its reader and the one writer; the pages' pure logic.
  ["options", "popup", "storage"],
  // The proxy engine.
  ["proxy"],
  // The service worker: what each command, alarm and event does.
  ["background"],
];

/** Pages reach the engine and the background only through commands, never by import. */
const PAGE_FORBIDDEN = ["proxy", "background"];

const root = normalize(join(__dirname, "../.."));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g;

/** The lib folder each project import of `file` lands in. */
function libFoldersImported(file: string): { folder: string; spec: string }[] {
  const text = readFileSync(join(root, file), "utf8");
  const found: { folder: string; spec: string }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? "";
    let target: string;
    if (spec.startsWith("@/")) target = spec.slice(2);
    else if (spec.startsWith(".")) target = normalize(join(dirname(file), spec));
    else continue;
    const parts = target.split("/");
    if (parts[0] === "lib" && parts[1]) found.push({ folder: parts[1], spec });
  }
  return found;
}

const floorOf = (folder: string) => FLOORS.findIndex((floor) => floor.includes(folder));

describe("the floors of lib/", () => {
  it("names every folder of lib/ on one floor", () => {
    const folders = readdirSync(join(root, "lib"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => floorOf(folder) < 0)).toEqual([]);
    expect(FLOORS.flat().filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it("every import in lib/ runs down a floor", () => {
    const upOrSideways: string[] = [];
    for (const file of sourceFiles("lib")) {
      const own = file.split("/")[1] ?? "";
      for (const { folder, spec } of libFoldersImported(file)) {
        if (folder !== own && floorOf(folder) >= floorOf(own)) {
          upOrSideways.push(`${file} imports ${spec}`);
        }
      }
    }
    expect(upOrSideways).toEqual([]);
  });

  it("pages import neither the engine nor the background", () => {
    const reached: string[] = [];
    for (const file of [
      ...sourceFiles("components"),
      ...sourceFiles("entrypoints/popup"),
      ...sourceFiles("entrypoints/options"),
    ]) {
      for (const { folder, spec } of libFoldersImported(file)) {
        if (PAGE_FORBIDDEN.includes(folder)) reached.push(`${file} imports ${spec}`);
      }
    }
    expect(reached).toEqual([]);
  });
});
