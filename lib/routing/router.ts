/**
 * Which site rule a URL falls under (pure): compiled once per change of the rules, then asked
 * per request (Firefox) or per "which route would this URL take?" (the editor). The first
 * enabled rule that matches wins, in list order, whichever kind of pattern it holds (see
 * lookup.ts for how that stays fast with 10,000 rules). Disabled rules are left out, and a
 * rule limited to a container (Firefox) takes part only for that container's requests.
 */
import { ipv4Number, ipv6Groups } from "./ip";
import { firstOwner, lookupIndex, type RouteRequest } from "./lookup";
import type { Route, SiteRule } from "./rules";
import { compileTables } from "./tables";

export type { RouteRequest };

export interface RouteMatch {
  ruleId: string;
  route: Route;
}

export interface Router {
  /** The first matching rule's route, or null when none matches (the default route applies). */
  route(url: string, container?: string): RouteMatch | null;
}

/** The URL as the rules see it (see RouteRequest); null when it is no URL at all. */
export function requestOf(url: string): RouteRequest | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not an address: no route to find for it (the caller's answer for that).
    return null;
  }
  const scheme = parsed.protocol.slice(0, -1);
  let host = parsed.hostname;
  const bracketed = host.startsWith("[");
  if (bracketed) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.replace(/\.+$/, "");
  let text = parsed.href;
  if (parsed.hash !== "" || parsed.username !== "" || parsed.password !== "") {
    text =
      parsed.host === ""
        ? text.replace(/#.*$/s, "")
        : `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search}`;
  }
  // Only a host ending in a digit can be an IPv4 address.
  const last = host.charCodeAt(host.length - 1);
  const v4 = !bracketed && last >= 48 && last <= 57 ? ipv4Number(host) : null;
  const v6 = bracketed ? ipv6Groups(host) : null;
  return { url: text, host, scheme, v4, v6 };
}

const always = () => true;
const never = () => false;

export function compileRules(rules: SiteRule[]): Router {
  const tables = compileTables(rules);
  const main = lookupIndex(tables.index);
  const owners = tables.rules.map((rule) => ({
    ...rule,
    except: rule.except ? lookupIndex(rule.except) : null,
  }));
  return {
    route(url, container) {
      const req = requestOf(url);
      if (!req) return null;
      const owner = firstOwner(
        main,
        req,
        (o) => {
          const wanted = owners[o]?.container;
          return !wanted || wanted === container;
        },
        (o) => {
          const except = owners[o]?.except;
          return except ? firstOwner(except, req, always, never) >= 0 : false;
        },
      );
      const rule = owners[owner];
      return rule ? { ruleId: rule.id, route: rule.route } : null;
    },
  };
}
