/** The four proxy kinds of the spec and the create path of each. */
export type ProxyKind = "static_ip" | "dynamic_ip" | "static_traffic" | "dynamic_traffic";
export type NetworkType = "HTTP" | "SOCKS5";

export const ALL_KINDS: readonly ProxyKind[] = [
  "static_ip",
  "dynamic_ip",
  "static_traffic",
  "dynamic_traffic",
];

export const CREATE_PATHS: Readonly<Record<string, ProxyKind>> = {
  "/token/static/ip": "static_ip",
  "/token/variable/ip": "dynamic_ip",
  "/token/static/traffic": "static_traffic",
  "/token/variable/traffic": "dynamic_traffic",
};

export function isStaticKind(kind: ProxyKind): boolean {
  return kind === "static_ip" || kind === "static_traffic";
}

export function isTrafficKind(kind: ProxyKind): boolean {
  return kind === "static_traffic" || kind === "dynamic_traffic";
}

/** Flags of the region and plan queries; undefined = the parameter was not sent. */
export interface KindFilter {
  isStatic?: boolean;
  isTraffic?: boolean;
  isDatacenter?: boolean;
}

export function kindFits(kind: ProxyKind, filter: KindFilter): boolean {
  if (filter.isStatic !== undefined && isStaticKind(kind) !== filter.isStatic) return false;
  if (filter.isTraffic !== undefined && isTrafficKind(kind) !== filter.isTraffic) return false;
  return true;
}
