/**
 * IP basic information. A token's exit address is described with the token's own location;
 * any other address is described deterministically from a hash of the address.
 */
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { ALL_CITIES, type City, findCity, findCountry, findState } from "./regions";
import type { Token } from "./state";

export interface Network {
  asn: number;
  org: string;
  type: string;
  isp: boolean;
  datacenter: boolean;
  mobile: boolean;
}

const RESIDENTIAL: readonly Network[] = [
  {
    asn: 7922,
    org: "Comcast Cable Communications, LLC",
    type: "isp",
    isp: true,
    datacenter: false,
    mobile: false,
  },
  { asn: 701, org: "Verizon Business", type: "isp", isp: true, datacenter: false, mobile: false },
  {
    asn: 3320,
    org: "Deutsche Telekom AG",
    type: "isp",
    isp: true,
    datacenter: false,
    mobile: false,
  },
  {
    asn: 4713,
    org: "NTT Communications Corporation",
    type: "isp",
    isp: true,
    datacenter: false,
    mobile: false,
  },
  {
    asn: 2856,
    org: "British Telecommunications PLC",
    type: "isp",
    isp: true,
    datacenter: false,
    mobile: false,
  },
  {
    asn: 21928,
    org: "T-Mobile USA, Inc.",
    type: "mobile",
    isp: true,
    datacenter: false,
    mobile: true,
  },
];
const HOSTING: readonly Network[] = [
  { asn: 16509, org: "Amazon.com, Inc.", type: "aws", isp: false, datacenter: true, mobile: false },
  {
    asn: 15169,
    org: "Google LLC",
    type: "google cloud",
    isp: false,
    datacenter: true,
    mobile: false,
  },
  {
    asn: 8075,
    org: "Microsoft Corporation",
    type: "azure",
    isp: false,
    datacenter: true,
    mobile: false,
  },
  {
    asn: 14061,
    org: "DigitalOcean, LLC",
    type: "hosting",
    isp: false,
    datacenter: true,
    mobile: false,
  },
  {
    asn: 24940,
    org: "Hetzner Online GmbH",
    type: "hosting",
    isp: false,
    datacenter: true,
    mobile: false,
  },
];

/** Strips the IPv4-mapped IPv6 prefix that node reports for IPv4 peers on dual-stack sockets. */
export function normalizeIp(ip: string): string {
  return ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function isValidIp(ip: string): boolean {
  return isIP(ip) !== 0;
}

/** 32 pseudo-random bytes per (ip, purpose); the same ip always gives the same bytes. */
export function ipHash(ip: string, purpose: string): Buffer {
  return createHash("sha256").update(`${purpose}:${ip}`).digest();
}

export function pick<T>(list: readonly T[], hash: Buffer, offset = 0): T {
  const item = list[hash.readUInt32BE(offset) % list.length];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function expandIpv6(ip: string): number[] {
  const [head = "", tail = ""] = ip.split("::");
  const parse = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  if (ip.includes("::")) return [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return h;
}

/** The /24 around an IPv4 address, the /64 around an IPv6 address. */
export function networkOf(ip: string): string {
  if (isIP(ip) === 4) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (ip.includes(".")) return `${ip}/128`; // IPv6 with an embedded IPv4 tail: keep it simple
  const groups = [...expandIpv6(ip).slice(0, 4), 0, 0, 0, 0].map((g) => g.toString(16));
  // The URL parser prints IPv6 in canonical compressed form.
  const canonical = new URL(`http://[${groups.join(":")}]/`).hostname.slice(1, -1);
  return `${canonical}/64`;
}

export interface Location {
  city: City;
  stateName: string | null;
  countryName: string;
  countryCode: string;
}

function locationOfCity(city: City, withState: boolean): Location {
  const country = findCountry(city.countryId);
  const state = findState(city.stateId);
  return {
    city,
    stateName: withState ? (state?.name ?? null) : null,
    countryName: country?.name ?? "",
    countryCode: country?.code ?? "",
  };
}

export function locate(ip: string, token: Token | undefined): Location {
  if (token) {
    const city = findCity(token.exitCityId);
    if (city) return locationOfCity(city, true);
  }
  const h = ipHash(ip, "location");
  // One address in eight has no state, as the spec allows null there.
  return locationOfCity(pick(ALL_CITIES, h), (h[8] ?? 0) % 8 !== 0);
}

export function networkFor(ip: string, token: Token | undefined): Network {
  const h = ipHash(ip, "network");
  // Sandbox proxies are residential; other addresses are hosting one time in three.
  if (token || (h[4] ?? 0) % 3 !== 0) return pick(RESIDENTIAL, h);
  return pick(HOSTING, h);
}

export function describeIp(ip: string, token: Token | undefined) {
  const loc = locate(ip, token);
  const net = networkFor(ip, token);
  return {
    ip,
    country: loc.countryName,
    country_code: loc.countryCode,
    city: loc.city.name,
    state: loc.stateName,
    autonomous_system_number: net.asn,
    autonomous_system_organization: net.org,
    network_type: net.type,
    is_isp: net.isp,
    network: networkOf(ip),
  };
}
