/**
 * Response samples written from the spec's tables (000_105e301ee2a54716), one per shape.
 * Shared by the schema tests and the property tests (which mutate them).
 */

export const staticToken = {
  id: 101,
  ip: "203.0.113.7",
  host: "gw.example.net",
  port: 8000,
  username: "u101",
  password: "p-secret-101",
  expired_on: 1767225600,
  country: "United States",
  state: "California",
  city: "Los Angeles",
};

/** Right after a static IP purchase: ip not assigned yet, state/city empty. */
export const staticTokenEmptyIp = { ...staticToken, id: 102, ip: "", state: "", city: "" };

/** Static traffic: no fixed expiry. */
export const staticTrafficToken = { ...staticToken, id: 103, expired_on: 0 };

const dynamicBase = {
  id: 201,
  token: "dyn-201",
  ip: "198.51.100.23",
  port: 9000,
  username: "d201",
  password: "dp-201",
  country: "Germany",
  city: "Berlin",
  network_type: "HTTP",
  refresh_url: "https://api.example.net/token/dynamic/ip/refresh/201",
};

export const dynamicIpToken = { ...dynamicBase, expire_time: "2026-01-31T00:00:00Z" };

export const dynamicTrafficToken = {
  ...dynamicBase,
  id: 202,
  network_type: "SOCKS5",
  refresh_url: "https://api.example.net/token/dynamic/ip/refresh/202",
  traffic_quota: 1024,
  traffic_used: 17,
};

export const staticCreateResponse = { code: 0, msg: "success", data: [staticTokenEmptyIp] };
export const staticTrafficCreateResponse = { code: 0, msg: "success", data: [staticTrafficToken] };
export const dynamicIpCreateResponse = {
  tokens: [dynamicIpToken],
  total_count: 1,
  success_count: 1,
};
export const dynamicTrafficCreateResponse = {
  tokens: [dynamicTrafficToken],
  total_count: 1,
  success_count: 1,
};

export const refreshResponse = {
  code: 0,
  msg: "success",
  data: { ...dynamicIpToken, ip: "198.51.100.99" },
};

export const deleteOneResponse = {
  status: "success",
  message: "Token deleted",
  data: {
    token_id: 101,
    deleted_at: "2025-01-01T10:00:00Z",
    can_restore: true,
    restore_deadline: "2025-01-31T10:00:00Z",
  },
};

export const deleteBatchResponse = {
  status: "success",
  message: "Batch delete finished",
  data: {
    total_count: 3,
    success_count: 2,
    failed_count: 1,
    failed_ids: [999],
    deleted_at: "2025-01-01T10:00:00Z",
  },
};

export const restoreOneResponse = {
  status: "success",
  message: "Token restored",
  data: {
    token_id: 101,
    restored_at: "2025-01-02T10:00:00Z",
    token_info: { ip: "203.0.113.7", port: 8000, status: "active" },
  },
};

export const restoreBatchResponse = {
  status: "success",
  message: "Batch restore finished",
  data: {
    total_count: 2,
    success_count: 2,
    failed_count: 0,
    failed_ids: [],
    restored_at: "2025-01-02T10:00:00Z",
  },
};

export const countryListResponse = {
  code: 0,
  msg: "success",
  data: { data: [{ id: 1, name: "United States", code: "US" }] },
};

export const stateListResponse = {
  code: 0,
  msg: "success",
  data: {
    data: [
      {
        id: 10,
        name: "New York",
        code: "NY",
        name_with_underlined: "new_york",
        name_with_none: "newyork",
      },
    ],
  },
};

/** City codes are usually empty. */
export const cityListResponse = {
  code: 0,
  msg: "success",
  data: {
    data: [
      {
        id: 100,
        name: "New York City",
        code: "",
        name_with_underlined: "new_york_city",
        name_with_none: "newyorkcity",
      },
    ],
  },
};

export const paymentPlanListResponse = {
  code: 0,
  msg: "success",
  data: {
    records: [
      { id: 1, note: "月付", note_en: "Monthly", days: 30, price: "9.90", value: "-9.90" },
      { id: 2, note: "周付", note_en: "", days: 7, price: "2.90", value: "-2.90" },
    ],
  },
};

export const ipInfoResponse = {
  code: 0,
  msg: "success",
  data: {
    ip: "8.8.8.8",
    country: "United States",
    country_code: "US",
    city: "Mountain View",
    state: null,
    autonomous_system_number: 15169,
    autonomous_system_organization: "GOOGLE",
    network_type: "cloud",
    is_isp: false,
    network: "8.8.8.0/24",
  },
};

export const ipQualityRecord = {
  ip: "8.8.8.8",
  scores: { reputation: 90, anonymity: 40, speed: 95, stability: 92, security: 88 },
  details: {
    blacklist_count: 0,
    abuse_reports: 2,
    spam_score: 5,
    threat_level: "low",
    last_seen: "2025-01-01T00:00:00Z",
  },
  average_score: 81,
  grade: "B",
  location: {
    country: "US",
    country_name: "United States",
    city: "Mountain View",
    latitude: 37.386,
    longitude: -122.0838,
  },
  is_datacenter: true,
  is_proxy: false,
  is_residential: false,
  isp: "Google LLC",
  asn: "AS15169",
};

export const proxyListResponse = {
  code: 0,
  message: "success",
  data: { proxies: [{ ip: "192.0.2.10", port: 3128, country: "US", protocol: "http" }] },
};

export const errorEnvelope = {
  code: 429,
  message: "Too Many Requests",
  error: "rate limit exceeded",
};

export const accountQuota = { monthly_requests: { used: 10, limit: 100 } };
export const accountInfo = { id: 7, email: "user@example.net" };
