/**
 * IP literals for CIDR rules (pure). Addresses are compared as numbers under a mask, never
 * resolved: a rule about 192.0.2.0/24 says nothing about a name that happens to resolve there.
 * The generated PAC script (pac.ts) carries ES5 versions of these functions (its IPv6 reader
 * also takes a dotted IPv4 tail); the PAC agreement test keeps the two honest.
 */

/** Strict dotted decimal (no octal, hex or short forms), as a URL's host is written. */
export function ipv4Number(text: string): number | null {
  let value = 0;
  let parts = 0;
  let part = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 46;
    if (code === 46) {
      if (digits === 0 || ++parts > 4) return null;
      value = value * 256 + part;
      part = 0;
      digits = 0;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && part === 0) return null;
      part = part * 10 + (code - 48);
      digits++;
      if (part > 255) return null;
    } else {
      return null;
    }
  }
  return parts === 4 ? value : null;
}

const hexValue = (code: number) =>
  code >= 48 && code <= 57
    ? code - 48
    : code >= 97 && code <= 102
      ? code - 87
      : code >= 65 && code <= 70
        ? code - 55
        : -1;

/**
 * Eight 16-bit groups of an IPv6 address in the form a URL's host carries it (hex groups, at
 * most one `::`, no brackets, no zone, no dotted IPv4 tail: URL parsing rewrites that in hex).
 */
export function ipv6Groups(text: string): number[] | null {
  const head: number[] = [];
  let tail: number[] | null = null;
  let i = 0;
  if (text.startsWith("::")) {
    tail = [];
    i = 2;
  }
  while (i < text.length) {
    let value = 0;
    let digits = 0;
    for (let d = hexValue(text.charCodeAt(i)); d >= 0 && digits <= 4; ) {
      value = value * 16 + d;
      digits++;
      d = hexValue(text.charCodeAt(++i));
    }
    if (digits === 0 || digits > 4) return null;
    (tail ?? head).push(value);
    if (i === text.length) break;
    if (text.charCodeAt(i++) !== 58 || i === text.length) return null;
    if (text.charCodeAt(i) === 58) {
      if (tail) return null;
      tail = [];
      i++;
    }
  }
  const count = head.length + (tail?.length ?? 0);
  if (!tail) return count === 8 ? head : null;
  if (count > 7) return null;
  return [...head, ...new Array<number>(8 - count).fill(0), ...tail];
}

/** The network part of an IPv4 address: the map key of a /prefix range. */
export function maskIPv4(address: number, prefix: number): number {
  if (prefix <= 0) return 0;
  const hostBits = 2 ** (32 - prefix);
  return Math.floor(address / hostBits) * hostBits;
}

/**
 * The first address of an IPv6 range as text (`::` for /0). Built from all eight groups:
 * `maskIPv6` gives only the groups the prefix covers, none at all for /0.
 */
export function networkIPv6(groups: readonly number[], prefix: number): string {
  const network = groups.map((group, i) => {
    const hostBits = 2 ** (16 - Math.max(0, Math.min(16, prefix - i * 16)));
    return (Math.floor(group / hostBits) * hostBits).toString(16);
  });
  return canonicalIPv6(network.join(":")) ?? "::";
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
    // The parser's no is the answer: not an IPv6 address.
    return null;
  }
}
