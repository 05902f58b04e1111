/**
 * The Firefox build as an XPI (a zip of `.output/firefox-mv3`, its files stored uncompressed),
 * for a permanent install: Firefox keeps a temporary add-on (a directory) only until it closes,
 * so a test that restarts Firefox installs the XPI for good. ESR installs it unsigned when
 * `xpinstall.signatures.required` is false.
 */

import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";

/** A zip of every file under `dir`, stored (method 0). */
function zipOf(dir: string): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .sort();
  for (const file of files) {
    const name = Buffer.from(file.split(path.sep).join("/"));
    const data = readFileSync(path.join(dir, file));
    const crc = crc32(data);
    // Signature, version 2.0, flags, method, time, date, crc, sizes, name length, extra length.
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

let made: string | undefined;

/** The XPI of the build at `dir`, written once per process into `into` (a new folder unless told). */
export function xpiOf(dir: string, into?: string): string {
  if (!made) {
    const folder = mkdtempSync(path.join(into ?? tmpdir(), "xpi-"));
    made = path.join(folder, "proxy-deck.xpi");
    writeFileSync(made, zipOf(dir));
  }
  return made;
}
