/** Files that are not what they claim: refused whole with a reason, or read without harm. */
import { describe, expect, it } from "vitest";
import { MAX_FOREIGN_BYTES } from "../../../lib/import/foreign";
import { readForeignFile } from "../../../lib/import/read-foreign";
import { foxyExport, omegaBackup } from "./fixtures";

const read = (value: unknown) =>
  readForeignFile(typeof value === "string" ? value : JSON.stringify(value));

describe("hostile and broken files", () => {
  it("too large: refused before it is parsed", () => {
    expect(read(" ".repeat(MAX_FOREIGN_BYTES + 1))).toEqual({ kind: "too-large" });
  });

  it("not JSON, JSON of no known shape, a Proxy Deck backup: not a foreign file", () => {
    expect(read("{ mode: ")).toEqual({ kind: "not-foreign" });
    expect(read("[1,2]")).toEqual({ kind: "not-foreign" });
    expect(read("bm90IGpzb24=")).toEqual({ kind: "not-foreign" });
    expect(read({ format: "proxy-deck-backup", version: 1 })).toEqual({ kind: "not-foreign" });
  });

  it("wrong types say where", () => {
    const foxy = foxyExport();
    (foxy.data[0] as Record<string, unknown>).port = { evil: true };
    expect(read(foxy)).toEqual({
      kind: "setup",
      read: { ok: false, problem: { kind: "damaged", format: "foxyproxy", where: "data.0.port" } },
    });
    const omega = omegaBackup() as Record<string, unknown>;
    omega["+work"] = {
      profileType: "FixedProfile",
      fallbackProxy: { scheme: "http", host: 7, port: 1 },
    };
    expect(read(omega)).toEqual({
      kind: "setup",
      read: {
        ok: false,
        problem: { kind: "damaged", format: "omega", where: "+work.fallbackProxy.host" },
      },
    });
    omega["+work"] = { profileType: 42 };
    expect(read(omega)).toMatchObject({
      read: { ok: false, problem: { where: "+work.profileType" } },
    });
  });

  it("too many proxies: refused whole", () => {
    const foxy = foxyExport();
    foxy.data = Array.from({ length: 1_001 }, () => foxy.data[0]) as typeof foxy.data;
    expect(read(foxy)).toEqual({
      kind: "setup",
      read: { ok: false, problem: { kind: "too-many", format: "foxyproxy" } },
    });
  });

  it("__proto__ and constructor keys are names, never prototypes", () => {
    const text = JSON.stringify(omegaBackup())
      .replace('"+home"', '"+__proto__"')
      .replace('"home"', '"__proto__"')
      .replace(/"profileName":"home"/g, '"profileName":"__proto__"')
      .replace(
        '"schemaVersion":2',
        '"schemaVersion":2,"__proto__":{"polluted":1},"+constructor":{"profileType":"FixedProfile"}',
      );
    const file = readForeignFile(text);
    if (file.kind !== "setup" || !file.read.ok) throw new Error(JSON.stringify(file));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(file.read.setup.proxies.map((p) => p.name)).toEqual(["work", "__proto__"]);
    expect(
      file.read.setup.rules.find(
        (r) => r.source.type === "pattern" && r.source.text === "**.cdn.test",
      )?.route,
    ).toEqual({
      kind: "proxy",
      proxy: 1,
    });
    expect(file.read.setup.skipped).toContainEqual({ what: "constructor", why: "per-scheme" });
    const foxy = JSON.stringify(foxyExport()).replace(
      '"mode"',
      '"__proto__":{"polluted":2},"mode"',
    );
    expect(readForeignFile(foxy)).toMatchObject({ kind: "setup", read: { ok: true } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a switch profile that loops back to itself ends; a ReDoS-long regex is refused by the pattern rules", () => {
    const omega = omegaBackup() as Record<string, unknown>;
    omega["+auto switch"] = {
      profileType: "SwitchProfile",
      defaultProfileName: "auto switch",
      rules: [
        {
          condition: { conditionType: "UrlRegexCondition", pattern: "a".repeat(600) },
          profileName: "work",
        },
      ],
    };
    const file = read(omega);
    if (file.kind !== "setup" || !file.read.ok) throw new Error(JSON.stringify(file));
    expect(file.read.setup.rules).toEqual([]);
    expect(file.read.setup.skipped).toContainEqual({
      what: `UrlRegexCondition: ${"a".repeat(600)}`,
      why: "pattern",
      detail: "a".repeat(600),
    });
  });
});
