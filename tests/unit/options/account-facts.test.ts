/**
 * The account records as labelled facts: every field the provider (the sandbox) answers with
 * has a label in English and Chinese, and dates, amounts, plans and limits read as words.
 */
import { describe, expect, it } from "vitest";
import { accountStrings, accountTranslate } from "../../../lib/i18n/account-strings";
import {
  type AccountFact,
  accountFacts,
  KNOWN_ACCOUNT_FIELDS,
  MAX_FACTS,
} from "../../../lib/options/account-facts";
import { api } from "../../sandbox/test-helpers";
import { useSandbox } from "../../sandbox/use-sandbox";
import { catalogOf } from "../catalogs";

const sb = useSandbox();
const en = accountTranslate("en");
const zh = accountTranslate("zh_CN");
const textOf = (facts: AccountFact[]) =>
  Object.fromEntries(facts.map((f) => [f.label, "text" in f ? f.text : f.nested]));

const QUOTA = {
  code: 0,
  message: "success",
  data: {
    plan: "basic",
    period_start: "2025-07-01T00:00:00.000Z",
    period_end: "2025-08-01T00:00:00.000Z",
    requests: { used: 1234, limit: 100_000 },
    traffic_gb: { used: 2.5, limit: 50 },
    proxy_ips: { used: 3, limit: null },
    rate_limit: { requests_per_minute: 1000 },
  },
};
const INFO = {
  username: "sandbox-user",
  email: "sandbox-user@sandbox.invalid",
  plan: "professional",
  status: "active",
  balance: "100.00",
  currency: "USD",
  created_at: "2024-01-08T00:00:00.000Z",
};

describe("account facts", () => {
  it("every field the provider answers with has its own label in English and Chinese", async () => {
    const fields = new Set<string>();
    for (const path of ["/v1/account/quota", "/v1/account/info"]) {
      const answer = await api(sb, "GET", path);
      expect(answer.status).toBe(200);
      for (const key of Object.keys((answer.json as { data: object }).data)) fields.add(key);
    }
    expect(fields.size).toBeGreaterThan(10);
    for (const field of fields) {
      expect(KNOWN_ACCOUNT_FIELDS).toContain(field);
      const key = `account.field.${field}` as keyof typeof accountStrings.en;
      expect(accountStrings.en[key], field).toBeTruthy();
      const chinese = catalogOf("zh_CN").account?.[key];
      expect(chinese, field).toBeTruthy();
      expect(chinese).not.toBe(accountStrings.en[key]);
    }
  });

  it("the sandbox's real records: no raw key, ISO date or lowercase plan name is shown", async () => {
    for (const path of ["/v1/account/quota", "/v1/account/info"]) {
      const record = (await api(sb, "GET", path)).json;
      for (const [t, locale] of [
        [en, "en"],
        [zh, "zh-CN"],
      ] as const) {
        const { facts, more } = accountFacts(record, t, locale);
        expect(more).toBe(0);
        for (const fact of facts) {
          expect(fact.label).not.toMatch(/_/);
          expect("text" in fact).toBe(true);
          if ("text" in fact) {
            expect(fact.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
            expect(fact.text).not.toMatch(/^(free|basic|professional|enterprise)$/);
          }
        }
      }
    }
  });

  it("English: dates, counts, gigabytes, the plan and the rate as words", () => {
    expect(textOf(accountFacts(QUOTA, en, "en").facts)).toEqual({
      Plan: "Basic",
      "Quota period starts": "July 1, 2025",
      "Quota period ends": "August 1, 2025",
      "API requests this period": "1,234 of 100,000",
      "Proxy traffic this period": "2.5 GB of 50 GB",
      "Proxy IPs held": "3 (no limit)",
      "API rate limit": "1,000 requests a minute",
    });
    expect(textOf(accountFacts(INFO, en, "en").facts)).toEqual({
      Username: "sandbox-user",
      Email: "sandbox-user@sandbox.invalid",
      Plan: "Professional",
      "Account status": "Active",
      Balance: "$100.00",
      "Account opened": "January 8, 2024",
    });
  });

  it("Chinese: the same facts in Chinese words and number formats", () => {
    expect(textOf(accountFacts(QUOTA, zh, "zh-CN").facts)).toEqual({
      套餐: "基础版",
      配额周期开始: "2025年7月1日",
      配额周期结束: "2025年8月1日",
      "本周期 API 请求": "已用 1,234，共 100,000",
      本周期代理流量: "已用 2.5 GB，共 50 GB",
      "持有的代理 IP": "已用 3（不限）",
      "API 频率上限": "每分钟 1,000 次请求",
    });
    expect(textOf(accountFacts(INFO, zh, "zh-CN").facts)).toMatchObject({
      套餐: "专业版",
      账户状态: "正常",
      余额: "US$100.00",
      开户时间: "2024年1月8日",
    });
  });

  it("one request a minute is singular; no limit says so", () => {
    const one = { rate_limit: { requests_per_minute: 1 } };
    expect(textOf(accountFacts(one, en, "en").facts)).toEqual({
      "API rate limit": "1 request a minute",
    });
    const none = { rate_limit: { requests_per_minute: null }, plan: "ENTERPRISE" };
    expect(textOf(accountFacts(none, en, "en").facts)).toEqual({
      Plan: "Enterprise",
      "API rate limit": "No limit",
    });
  });

  it("a known field of the wrong shape and unknown fields: named, shown as text, never raw JSON", () => {
    const odd = {
      requests: "lots",
      balance: "12.5",
      currency: "not a currency",
      plan: "Gold",
      vip: true,
      renewed_at: "2025-03-04T05:06:00Z",
      notes: null,
      limits: { daily: 5 },
    };
    const { facts } = accountFacts(odd, en, "en");
    const text = textOf(facts);
    expect(text["API requests this period"]).toBe("lots");
    expect(text.Balance).toBe("12.5");
    expect(text.Currency).toBe("not a currency");
    expect(text.Plan).toBe("Gold");
    expect(text.Vip).toBe("Yes");
    expect(text["Renewed at"]).toMatch(/^March 4, 2025/);
    expect(text.Notes).toBe("—");
    expect(text.Limits).toEqual({ daily: 5 });
  });

  it("odd answers do not throw; a huge record is capped and the rest counted", () => {
    for (const value of [null, 42, "text", [], {}, [[1]], { data: { plan: 7 } }]) {
      expect(() => accountFacts(value, en, "en")).not.toThrow();
    }
    const huge = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`f${i}`, i]));
    const { facts, more } = accountFacts(huge, en, "en");
    expect(facts).toHaveLength(MAX_FACTS);
    expect(more).toBe(150);
    expect(en("account.moreFields", { count: 1 })).toBe("1 more field is not shown.");
    expect(en("account.moreFields", { count: more })).toBe("150 more fields are not shown.");
  });
});
