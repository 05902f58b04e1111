/**
 * A proxy's host as every door checks it (a provider's answer, a backup, a proxy line, an
 * import): one a config in both browsers carries as written. Pure and zod-free (the pages
 * that check a typed line load it).
 */

const HOST_NAME =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * Whether the browser's URL parser reads a name as this same host. A name that ends in a
 * number is read as an IPv4 address: `256.0.0.1`, `example.123` and `1.2.3.4.5` are no host at
 * all, `010.1.1.1` is 8.1.1.1. A proxy config naming one is not what the user meant, and one
 * the browser cannot read may send the traffic direct.
 */
function readAsItself(host: string): boolean {
  try {
    return new URL(`http://${host}/`).hostname === host.toLowerCase();
  } catch {
    // The parser's no is the answer: no host.
    return false;
  }
}

/** A host name, an IPv4 address or an IPv6 address (without brackets, as configs take it). */
export function isUsableHost(host: string): boolean {
  if (HOST_NAME.test(host)) return readAsItself(host);
  if (!host.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(host)) return false;
  try {
    return new URL(`http://[${host}]/`).hostname !== "";
  } catch {
    // The parser's no is the answer: not an IPv6 address, so the token is not taken.
    return false;
  }
}
