import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./index";
import { api, create } from "./test-helpers";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.close();
});

const list = async (path: string) => {
  const r = await api(sb, "GET", path);
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({ code: 0, msg: "success" });
  return r.json.data.data as { id: number; name: string; code: string; [k: string]: unknown }[];
};

describe("regions", () => {
  it("lists countries as {id,name,code}", async () => {
    const countries = await list("/token/list/area/countries");
    expect(countries.length).toBeGreaterThanOrEqual(5);
    expect(countries[0]).toEqual({ id: 1, name: "United States", code: "US" });
    for (const c of countries) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it("pages the US states (default page size 10)", async () => {
    const page1 = await list("/token/list/area/state?parent_id=1");
    const page2 = await list("/token/list/area/state?parent_id=1&page=2");
    expect(page1).toHaveLength(10);
    expect(page2.length).toBeGreaterThanOrEqual(2);
    expect(page2.map((s) => s.id)).not.toContain(page1[0]?.id);
    const all = await list("/token/list/area/state?parent_id=1&page_size=100");
    expect(all.length).toBe(page1.length + page2.length);
    const small = await list("/token/list/area/state?parent_id=1&page=3&page_size=5");
    expect(small.map((s) => s.id)).toEqual(all.slice(10, 15).map((s) => s.id));
    expect(await list("/token/list/area/state?parent_id=1&page=99")).toEqual([]);
  });

  it("describes states and cities with the underscore and plain name forms", async () => {
    const [ny] = await list("/token/list/area/state?parent_id=1&search_text=new%20york");
    expect(ny).toEqual({
      id: expect.any(Number),
      name: "New York",
      code: "NY",
      name_with_underlined: "new_york",
      name_with_none: "newyork",
    });
    const cities = await list(`/token/list/area/city?parent_id=${ny?.id}`);
    expect(cities.length).toBeGreaterThanOrEqual(2);
    expect(cities.find((c) => c.name === "Buffalo")?.code).toBe("");
  });

  it("searches names case-insensitively", async () => {
    const hits = await list("/token/list/area/countries?search_text=KINGD");
    expect(hits.map((c) => c.code)).toEqual(["GB"]);
    expect(await list("/token/list/area/countries?search_text=atlantis")).toEqual([]);
  });

  it("filters by the proxy kinds an entry offers", async () => {
    const ny = (await list("/token/list/area/state?parent_id=1&search_text=new york"))[0];
    const all = await list(`/token/list/area/city?parent_id=${ny?.id}`);
    const staticOnes = await list(`/token/list/area/city?parent_id=${ny?.id}&is_static=true`);
    const dc = await list(`/token/list/area/city?parent_id=${ny?.id}&is_datacenter=true`);
    expect(all.map((c) => c.name)).toEqual(["New York City", "Buffalo"]);
    expect(staticOnes.map((c) => c.name)).toEqual(["New York City"]);
    expect(dc.map((c) => c.name)).toEqual(["New York City"]);
    const va = (
      await list("/token/list/area/state?parent_id=1&page_size=100&search_text=virginia")
    )[0];
    const dynamicVa = await list(`/token/list/area/city?parent_id=${va?.id}&is_static=false`);
    expect(dynamicVa.map((c) => c.name)).toEqual(["Richmond"]);
    const sgTraffic = await list("/token/list/area/countries?is_traffic=true&is_datacenter=true");
    expect(sgTraffic.length).toBeGreaterThan(0);
  });

  it.each([
    ["/token/list/area/state", "missing parent_id"],
    ["/token/list/area/city?parent_id=abc", "non-integer parent_id"],
    ["/token/list/area/countries?page_size=101", "page_size over 100"],
    ["/token/list/area/countries?page=0", "page 0"],
    ["/token/list/area/countries?is_static=maybe", "a non-boolean flag"],
  ])("answers 400 for %s (%s)", async (path) => {
    const r = await api(sb, "GET", path);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe(400);
  });
});

describe("payment plans", () => {
  const plans = async (query: string) => {
    const r = await api(sb, "GET", `/token/payway/list${query}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 0, msg: "success" });
    return r.json.data.records as Record<string, unknown>[];
  };

  it("lists plans that fit the selected kind", async () => {
    const dynamicIp = await plans("");
    const staticIp = await plans("?is_static=true");
    const staticTraffic = await plans("?is_static=true&is_traffic=true");
    const dynamicTraffic = await plans("?is_traffic=true");
    const dc = await plans("?is_static=true&is_datacenter=true");
    for (const group of [dynamicIp, staticIp, staticTraffic, dynamicTraffic, dc]) {
      expect(group.length).toBeGreaterThan(0);
    }
    const ids = (g: Record<string, unknown>[]) => g.map((p) => p.id);
    expect(ids(staticIp)).not.toEqual(expect.arrayContaining(ids(dynamicIp)));
    const p = staticIp[0];
    expect(Object.keys(p ?? {}).sort()).toEqual([
      "days",
      "id",
      "note",
      "note_en",
      "price",
      "value",
    ]);
  });

  it("uses decimal text for money, Chinese notes, and an empty English note somewhere", async () => {
    const everything = (
      await Promise.all(
        ["", "?is_static=true", "?is_traffic=true", "?is_static=true&is_traffic=true"].map(plans),
      )
    ).flat();
    for (const p of everything) {
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(p.value).toMatch(/^-?\d+\.\d{2}$/);
      expect(p.note).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(everything.some((p) => p.note_en === "")).toBe(true);
    expect(everything.some((p) => String(p.value).startsWith("-"))).toBe(true);
  });
});

describe("IP information", () => {
  it("describes the caller when no ip is given", async () => {
    const r = await api(sb, "GET", "/token/check/ip", { auth: "none" });
    expect(r.json).toMatchObject({
      code: 0,
      msg: "success",
      data: { ip: "127.0.0.1", network: "127.0.0.0/24" },
    });
    const d = r.json.data;
    expect(typeof d.autonomous_system_number).toBe("number");
    expect(typeof d.is_isp).toBe("boolean");
    expect(d.country_code).toMatch(/^[A-Z]{2}$/);
  });

  it("describes a given address deterministically, IPv6 included; 400 for garbage", async () => {
    const a = await api(sb, "GET", "/token/check/ip?ip=8.8.4.4", { auth: "none" });
    const b = await api(sb, "GET", "/token/check/ip?ip=8.8.4.4", { auth: "none" });
    expect(a.json).toEqual(b.json);
    expect(a.json.data.ip).toBe("8.8.4.4");
    const v6 = await api(sb, "GET", "/token/check/ip?ip=2001:db8::1", { auth: "none" });
    expect(v6.json.data.network).toBe("2001:db8::/64");
    const bad = await api(sb, "GET", "/token/check/ip?ip=999.1.1.1", { auth: "none" });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe(400);
  });

  it("returns IP quality without envelope, deterministic and graded by the spec's bands", async () => {
    const r1 = await api(sb, "GET", "/api/v1/ip-quality/203.0.113.9");
    const r2 = await api(sb, "GET", "/api/v1/ip-quality/203.0.113.9");
    expect(r1.status).toBe(200);
    expect(r1.json).toEqual(r2.json);
    expect(r1.json.code).toBeUndefined();
    expect(Object.keys(r1.json.scores).sort()).toEqual([
      "anonymity",
      "reputation",
      "security",
      "speed",
      "stability",
    ]);
    expect(r1.json.asn).toMatch(/^AS\d+$/);
    expect(["low", "medium", "high"]).toContain(r1.json.details.threat_level);
    expect(typeof r1.json.location.latitude).toBe("number");

    const grades = new Set<string>();
    const band = (avg: number) =>
      avg >= 85 ? "A" : avg >= 70 ? "B" : avg >= 55 ? "C" : avg >= 40 ? "D" : "F";
    for (let i = 1; i <= 60; i++) {
      const q = (await api(sb, "GET", `/api/v1/ip-quality/198.51.100.${i}`)).json;
      const scores = Object.values(q.scores) as number[];
      for (const s of scores) expect(Number.isInteger(s) && s >= 0 && s <= 100).toBe(true);
      expect(q.average_score).toBeCloseTo(scores.reduce((x, y) => x + y, 0) / 5, 1);
      expect(q.grade).toBe(band(q.average_score));
      grades.add(q.grade);
    }
    expect([...grades].sort()).toEqual(["A", "B", "C", "D", "F"]);
  });

  it("needs auth for IP quality and rejects invalid addresses", async () => {
    expect((await api(sb, "GET", "/api/v1/ip-quality/1.2.3.4", { auth: "none" })).status).toBe(401);
    expect((await api(sb, "GET", "/api/v1/ip-quality/not-an-ip")).status).toBe(400);
  });
});

describe("proxy retrieval and account", () => {
  it("lists usable tokens as proxies with the general envelope", async () => {
    await create(sb, "/token/variable/ip", { country_id: 2 });
    const r = await api(sb, "GET", "/v1/proxy/get?country=GB&type=residential");
    expect(r.json).toMatchObject({ code: 0, message: "success" });
    const [p] = r.json.data.proxies;
    expect(p).toMatchObject({ port: sb.proxyPort, country: "GB", protocol: "http" });
    const none = await api(sb, "GET", "/v1/proxy/get?country=JP");
    expect(none.json.data.proxies).toEqual([]);
  });

  it("answers account quota and info", async () => {
    const q = await api(sb, "GET", "/v1/account/quota");
    expect(q.json).toMatchObject({ code: 0, data: { plan: "basic" } });
    expect(q.json.data.requests.used).toBeGreaterThan(0);
    const info = await api(sb, "GET", "/v1/account/info");
    expect(info.json).toMatchObject({ code: 0, data: { username: sb.username } });
  });
});
