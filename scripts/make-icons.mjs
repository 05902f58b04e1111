// Draws the toolbar/store icons (a blue disc with a white "switch" ring) as PNGs without any
// image tooling, so `node scripts/make-icons.mjs` reproduces public/icons/ on any machine.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function pixel(x, y, size) {
  const c = (size - 1) / 2;
  const r = Math.hypot(x - c, y - c) / (size / 2);
  if (r > 1) return [0, 0, 0, 0];
  const edge = Math.min(1, (1 - r) * size); // soft outer edge
  const ring = r > 0.42 && r < 0.62;
  const dot = r < 0.2;
  const [red, green, blue] = ring || dot ? [255, 255, 255] : [37, 99, 235];
  return [red, green, blue, Math.round(255 * edge)];
}

for (const size of [16, 32, 48, 128]) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) row.push(...pixel(x, y, size));
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  writeFileSync(`public/icons/${size}.png`, png);
}
