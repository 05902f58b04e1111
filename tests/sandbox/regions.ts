/** Region tree built from the seed data, with the list queries of the spec. */
import { type KindFilter, kindFits, type ProxyKind } from "./kinds";
import { CITY_CODES, COUNTRY_SEEDS } from "./regions-data";

export interface Availability {
  kinds: ReadonlySet<ProxyKind>;
  residential: boolean;
  datacenter: boolean;
}
export interface City {
  id: number;
  name: string;
  code: string;
  stateId: number;
  countryId: number;
  lat: number;
  lon: number;
  avail: Availability;
}
export interface State {
  id: number;
  name: string;
  code: string;
  countryId: number;
  cities: City[];
  avail: Availability;
}
export interface Country {
  id: number;
  name: string;
  code: string;
  states: State[];
  avail: Availability;
}

function parseFlags(flags: string): Availability {
  const kinds = new Set<ProxyKind>();
  const s = flags.includes("s");
  const d = flags.includes("d");
  const i = flags.includes("i");
  const t = flags.includes("t");
  if (s && i) kinds.add("static_ip");
  if (s && t) kinds.add("static_traffic");
  if (d && i) kinds.add("dynamic_ip");
  if (d && t) kinds.add("dynamic_traffic");
  return { kinds, residential: flags.includes("r"), datacenter: flags.includes("c") };
}

function union(list: Availability[]): Availability {
  const kinds = new Set<ProxyKind>();
  for (const a of list) for (const k of a.kinds) kinds.add(k);
  return {
    kinds,
    residential: list.some((a) => a.residential),
    datacenter: list.some((a) => a.datacenter),
  };
}

// Separate id ranges, so a city id sent as a state id is caught.
const COUNTRY_ID_BASE = 1;
const STATE_ID_BASE = 101;
const CITY_ID_BASE = 10001;

function build(): Country[] {
  let stateId = STATE_ID_BASE;
  let cityId = CITY_ID_BASE;
  return COUNTRY_SEEDS.map((cs, ci) => {
    const countryId = COUNTRY_ID_BASE + ci;
    const states = cs.states.map((ss) => {
      const id = stateId++;
      const cities = ss.cities.map(([name, lat, lon, flags]) => ({
        id: cityId++,
        name,
        code: CITY_CODES[name] ?? "",
        stateId: id,
        countryId,
        lat,
        lon,
        avail: parseFlags(flags ?? "sdtir"),
      }));
      const avail = union(cities.map((c) => c.avail));
      return { id, name: ss.name, code: ss.code, countryId, cities, avail };
    });
    const avail = union(states.map((s) => s.avail));
    return { id: countryId, name: cs.name, code: cs.code, states, avail };
  });
}

export const COUNTRIES: readonly Country[] = build();
const countryById = new Map(COUNTRIES.map((c) => [c.id, c]));
const stateById = new Map(COUNTRIES.flatMap((c) => c.states).map((s) => [s.id, s]));
const cityById = new Map(
  COUNTRIES.flatMap((c) => c.states.flatMap((s) => s.cities)).map((c) => [c.id, c]),
);
export const ALL_CITIES: readonly City[] = [...cityById.values()];

export function findCountry(id: number): Country | undefined {
  return countryById.get(id);
}
export function findState(id: number): State | undefined {
  return stateById.get(id);
}
export function findCity(id: number): City | undefined {
  return cityById.get(id);
}

export function availFits(avail: Availability, filter: KindFilter): boolean {
  if (filter.isDatacenter !== undefined) {
    if (filter.isDatacenter ? !avail.datacenter : !avail.residential) return false;
  }
  for (const kind of avail.kinds) if (kindFits(kind, filter)) return true;
  return false;
}

function slug(name: string, sep: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, sep)
    .replace(sep ? /^_+|_+$/g : /^$/, "");
}

export function countryView(c: Country) {
  return { id: c.id, name: c.name, code: c.code };
}

export function subdivisionView(r: State | City) {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    name_with_underlined: slug(r.name, "_"),
    name_with_none: slug(r.name, ""),
  };
}
