/**
 * Where a list request may be redirected (pure), checked at every hop, not only at the end: a
 * chain https → http → https ends on https, but its plain-http hop is where anyone on the way
 * could rewrite the list. A hop goes to https, or stays on plain http on this machine when it
 * comes from there (a list the user typed on loopback, as `validateListUrl` allows).
 */
import { isLoopbackHost } from "../base/base-url";
import { isSecureListUrl } from "../base/list-url";

export interface Hop {
  from: string;
  to: string;
}

export function hopAllowed({ from, to }: Hop): boolean {
  if (!URL.canParse(from) || !URL.canParse(to)) return false;
  const origin = new URL(from);
  const onLoopback = origin.protocol === "http:" && isLoopbackHost(origin.hostname);
  return isSecureListUrl(new URL(to), onLoopback);
}
