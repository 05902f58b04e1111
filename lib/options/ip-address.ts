/** Is this text an IP address the lookup can ask about (pure)? IPv4 dotted quad or IPv6. */
export function isIpAddress(text: string): boolean {
  const value = text.trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255 && String(Number(part)) === part);
  if (!value.includes(":") || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  try {
    // The URL parser implements the full IPv6 grammar (:: shortening, embedded IPv4).
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    // The parser's no is the answer: not an IPv6 address.
    return false;
  }
}
