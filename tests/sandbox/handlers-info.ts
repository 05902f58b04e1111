/** Region lists, payment plans, IP information and IP quality. */
import type { Context } from "./context";
import { badRequest, ok, queryBool, queryInt, type Reply } from "./http-util";
import { describeIp, isValidIp, normalizeIp } from "./ip-info";
import { qualityOf } from "./ip-quality";
import type { KindFilter } from "./kinds";
import { plansFor, planView } from "./plans";
import {
  type Availability,
  availFits,
  COUNTRIES,
  countryView,
  findCountry,
  findState,
  subdivisionView,
} from "./regions";

export type RegionLevel = "countries" | "state" | "city";
export const MAX_PAGE_SIZE = 100;

interface Listed {
  name: string;
  avail: Availability;
  out: object;
}

export function listRegions(level: RegionLevel, q: URLSearchParams): Reply {
  const filter: KindFilter = {
    isStatic: queryBool(q, "is_static"),
    isTraffic: queryBool(q, "is_traffic"),
    isDatacenter: queryBool(q, "is_datacenter"),
  };
  const page = queryInt(q, "page", { min: 1, def: 1 }) ?? 1;
  const pageSize = queryInt(q, "page_size", { min: 1, max: MAX_PAGE_SIZE, def: 10 }) ?? 10;
  let items: Listed[];
  if (level === "countries") {
    items = COUNTRIES.map((c) => ({ name: c.name, avail: c.avail, out: countryView(c) }));
  } else {
    const raw = q.get("parent_id");
    if (raw === null || raw === "") throw badRequest("parent_id is required");
    const parentId = queryInt(q, "parent_id", { min: 0 }) ?? 0;
    // An unknown parent gives an empty list, like a search with no hits.
    const list =
      level === "state"
        ? (findCountry(parentId)?.states ?? [])
        : (findState(parentId)?.cities ?? []);
    items = list.map((r) => ({ name: r.name, avail: r.avail, out: subdivisionView(r) }));
  }
  const search = (q.get("search_text") ?? "").trim().toLowerCase();
  const matching = items.filter(
    (item) =>
      availFits(item.avail, filter) && (!search || item.name.toLowerCase().includes(search)),
  );
  const slice = matching.slice((page - 1) * pageSize, page * pageSize);
  return ok({ code: 0, msg: "success", data: { data: slice.map((i) => i.out) } });
}

export function listPlans(q: URLSearchParams): Reply {
  const records = plansFor(
    queryBool(q, "is_static") ?? false,
    queryBool(q, "is_traffic") ?? false,
    queryBool(q, "is_datacenter") ?? false,
  );
  return ok({ code: 0, msg: "success", data: { records: records.map(planView) } });
}

function requireIp(raw: string): string {
  const ip = normalizeIp(raw.trim());
  if (!isValidIp(ip)) throw badRequest(`"${raw}" is not a valid IPv4 or IPv6 address`);
  return ip;
}

/** /token/check/ip: the given ip, else the caller's own address (the proxy exit, through one). */
export function checkIp(ctx: Context, q: URLSearchParams, remoteAddress: string): Reply {
  const given = q.get("ip");
  const ip = requireIp(given === null || given.trim() === "" ? remoteAddress : given);
  return ok({ code: 0, msg: "success", data: describeIp(ip, ctx.store.byIp(ip)) });
}

/** /api/v1/ip-quality/<ip>: the bare record, without the code/msg envelope. */
export function ipQuality(ctx: Context, rawIp: string): Reply {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawIp);
  } catch {
    throw badRequest(`"${rawIp}" is not a valid IPv4 or IPv6 address`);
  }
  const ip = requireIp(decoded);
  return ok(qualityOf(ip, ctx.store.byIp(ip)));
}
