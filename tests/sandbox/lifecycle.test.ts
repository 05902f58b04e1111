import { describe, expect, it } from "vitest";
import { api, control, create } from "./test-helpers";
import { useSandbox } from "./use-sandbox";

const DAY = 86_400_000;
const sb = useSandbox();

async function newStaticId(): Promise<number> {
  return (await create(sb, "/token/static/ip", {})).data[0].id;
}

describe("delete and restore one", () => {
  it("deletes with a 30-day restore deadline, then restores", async () => {
    const id = await newStaticId();
    const del = await api(sb, "DELETE", `/token/${id}`);
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({
      status: "success",
      data: { token_id: id, can_restore: true },
    });
    expect(typeof del.json.message).toBe("string");
    const deletedAt = Date.parse(del.json.data.deleted_at);
    expect(Date.parse(del.json.data.restore_deadline) - deletedAt).toBe(30 * DAY);

    const again = await api(sb, "DELETE", `/token/${id}`);
    expect(again.status).toBe(400);

    const res = await api(sb, "PUT", `/token/reset/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "success",
      data: { token_id: id, token_info: { port: sb.proxyPort, status: "active" } },
    });
    expect(res.json.data.token_info.ip).toMatch(/^127\./);
    expect(Number.isNaN(Date.parse(res.json.data.restored_at))).toBe(false);
  });

  it("answers 404 for unknown ids and 400 for restoring a token that is not deleted", async () => {
    expect((await api(sb, "DELETE", "/token/999999")).json).toMatchObject({
      code: 404,
      message: "Not Found",
    });
    expect((await api(sb, "PUT", "/token/reset/999999")).status).toBe(404);
    const id = await newStaticId();
    const r = await api(sb, "PUT", `/token/reset/${id}`);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/not deleted/);
  });

  it("restores within 30 days but refuses after 31 days on the sandbox clock", async () => {
    const early = await newStaticId();
    const late = await newStaticId();
    await api(sb, "DELETE", `/token/${early}`);
    await api(sb, "DELETE", `/token/${late}`);
    await control(sb, "POST", "clock", { advance_ms: 29 * DAY });
    expect((await api(sb, "PUT", `/token/reset/${early}`)).status).toBe(200);
    await control(sb, "POST", "clock", { advance_ms: 2 * DAY });
    const r = await api(sb, "PUT", `/token/reset/${late}`);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400 });
    expect(r.json.error).toMatch(/30 days/);
    const state = await control(sb, "GET", "state");
    const dump = state.json.tokens.find((t: { id: number }) => t.id === late);
    expect(dump.status).toBe("purged");
  });
});

describe("batches", () => {
  it("deletes many, reporting unknown and already-deleted ids without failing", async () => {
    const a = await newStaticId();
    const b = await newStaticId();
    await api(sb, "DELETE", `/token/${b}`);
    const r = await api(sb, "DELETE", "/token/batch", { body: { token_ids: [a, b, 424242] } });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe("success");
    expect(r.json.data).toMatchObject({
      total_count: 3,
      success_count: 1,
      failed_count: 2,
      failed_ids: [b, 424242],
    });
    expect(Number.isNaN(Date.parse(r.json.data.deleted_at))).toBe(false);
  });

  it("restores many the same way", async () => {
    const a = await newStaticId();
    const b = await newStaticId();
    await api(sb, "DELETE", "/token/batch", { body: { token_ids: [a] } });
    const r = await api(sb, "PUT", "/token/batch/restore", { body: { token_ids: [a, b, 7777] } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      total_count: 3,
      success_count: 1,
      failed_count: 2,
      failed_ids: [b, 7777],
    });
    expect(typeof r.json.data.restored_at).toBe("string");
  });

  it.each([
    ["more than 100 ids", { token_ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
    ["ids that are not integers", { token_ids: [1, "2"] }],
    ["no array", { token_ids: 3 }],
    ["an empty array", { token_ids: [] }],
  ])("rejects %s with 400", async (_name, body) => {
    const r = await api(sb, "DELETE", "/token/batch", { body });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe(400);
  });

  it("accepts exactly 100 ids", async () => {
    const ids = Array.from({ length: 100 }, (_, i) => 5000 + i);
    const r = await api(sb, "DELETE", "/token/batch", { body: { token_ids: ids } });
    expect(r.status).toBe(200);
    expect(r.json.data.failed_count).toBe(100);
  });
});

describe("refresh and expiry", () => {
  it("moves a dynamic token to a new address; 404 for static and unknown ids", async () => {
    const t = (await create(sb, "/token/variable/ip", {})).tokens[0];
    const r = await api(sb, "GET", `/token/dynamic/ip/refresh/${t.id}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      code: 0,
      msg: "success",
      data: { id: t.id, username: t.username },
    });
    expect(r.json.data.ip).not.toBe(t.ip);
    const staticId = await newStaticId();
    expect((await api(sb, "GET", `/token/dynamic/ip/refresh/${staticId}`)).status).toBe(404);
    expect((await api(sb, "GET", "/token/dynamic/ip/refresh/31337")).status).toBe(404);
    expect((await api(sb, "GET", "/token/dynamic/ip/refresh/x")).status).toBe(400);
  });

  it("expires time-billed tokens on the sandbox clock", async () => {
    const t = (await create(sb, "/token/variable/ip", { payway_id: 5 })).tokens[0];
    await control(sb, "POST", "clock", { advance_ms: 2 * DAY });
    const state = await control(sb, "GET", "state");
    expect(state.json.tokens.find((x: { id: number }) => x.id === t.id).status).toBe("expired");
    expect((await api(sb, "GET", `/token/dynamic/ip/refresh/${t.id}`)).status).toBe(400);
  });

  it("answers 403 when the plan's limit of proxy IPs is reached", async () => {
    await control(sb, "POST", "plan", { plan: "free" });
    for (let i = 0; i < 5; i++) {
      const r = await api(sb, "POST", "/token/static/traffic", {
        body: { number: 10, country_id: 1 },
      });
      expect(r.status).toBe(200);
    }
    const over = await api(sb, "POST", "/token/static/traffic", {
      body: { number: 1, country_id: 1 },
    });
    expect(over.status).toBe(403);
    expect(over.json.code).toBe(403);
  });
});
