/**
 * IP literals for CIDR rules (pure). Addresses are compared as numbers under a mask, never
 * resolved: a rule about 192.0.2.0/24 says nothing about a name that happens to resolve there.
 * The generated PAC script (pac.ts) carries a copy of `ipv4Number`, `ipv6Groups` and the two
 * mask functions as plain JavaScript; the PAC agreement test keeps the copies honest.
 */

/** Strict dotted decimal (no octal, hex or short forms), as a URL's host is written. */
export function ipv4Number(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/**
 * Eight 16-bit groups of an IPv6 address in the form a URL's host carries it (hex groups, at
 * most one `::`, no brackets, no zone). A dotted IPv4 tail is read too.
 */
export function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const side = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = ipv4Number(piece);
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = side(halves[0] ?? "");
  const tail = halves.length === 2 ? side(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** The network part of an IPv4 address: the map key of a /prefix range. */
export function maskIPv4(address: number, prefix: number): number {
  if (prefix <= 0) return 0;
  const hostBits = 2 ** (32 - prefix);
  return Math.floor(address / hostBits) * hostBits;
}

/** The network part of an IPv6 address as text (the groups the prefix covers, in hex). */
export function maskIPv6(groups: readonly number[], prefix: number): string {
  const out: string[] = [];
  for (let i = 0; i * 16 < prefix; i++) {
    const bits = Math.min(16, prefix - i * 16);
    const hostBits = 2 ** (16 - bits);
    out.push((Math.floor((groups[i] ?? 0) / hostBits) * hostBits).toString(16));
  }
  return out.join(":");
}

/** IPv6 text as URLs write it (lowercase, shortest), via the URL parser; null if not IPv6. */
export function canonicalIPv6(text: string): string | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(":")) return null;
  try {
    const host = new URL(`http://[${text}]/`).hostname;
    return host.slice(1, -1);
  } catch {
    return null;
  }
}
