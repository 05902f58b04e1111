/**
 * The account records' facts in English and Simplified Chinese: a label for every field the
 * provider answers with (lib/options/account-facts.ts), plan and status names, and how a used
 * amount reads against its limit. Options only.
 */
import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const accountStrings = {
  en: {
    "account.field.plan": "Plan",
    "account.field.period_start": "Quota period starts",
    "account.field.period_end": "Quota period ends",
    "account.field.requests": "API requests this period",
    "account.field.traffic_gb": "Proxy traffic this period",
    "account.field.proxy_ips": "Proxy IPs held",
    "account.field.rate_limit": "API rate limit",
    "account.field.username": "Username",
    "account.field.email": "Email",
    "account.field.status": "Account status",
    "account.field.balance": "Balance",
    "account.field.currency": "Currency",
    "account.field.created_at": "Account opened",
    "account.plan.free": "Free",
    "account.plan.basic": "Basic",
    "account.plan.professional": "Professional",
    "account.plan.enterprise": "Enterprise",
    "account.status.active": "Active",
    "account.status.suspended": "Suspended",
    "account.status.disabled": "Disabled",
    "account.status.expired": "Expired",
    "account.usedOf": "{used} of {limit}",
    "account.usedNoLimit": "{used} (no limit)",
    "account.perMinute": "{count, plural, one {# request} other {# requests}} a minute",
    "account.noLimit": "No limit",
    "account.yes": "Yes",
    "account.no": "No",
    "account.none": "—",
    "account.moreFields":
      "{count, plural, one {# more field is} other {# more fields are}} not shown.",
  },
  zh: {
    "account.field.plan": "套餐",
    "account.field.period_start": "配额周期开始",
    "account.field.period_end": "配额周期结束",
    "account.field.requests": "本周期 API 请求",
    "account.field.traffic_gb": "本周期代理流量",
    "account.field.proxy_ips": "持有的代理 IP",
    "account.field.rate_limit": "API 频率上限",
    "account.field.username": "用户名",
    "account.field.email": "电子邮件",
    "account.field.status": "账户状态",
    "account.field.balance": "余额",
    "account.field.currency": "币种",
    "account.field.created_at": "开户时间",
    "account.plan.free": "免费版",
    "account.plan.basic": "基础版",
    "account.plan.professional": "专业版",
    "account.plan.enterprise": "企业版",
    "account.status.active": "正常",
    "account.status.suspended": "已暂停",
    "account.status.disabled": "已停用",
    "account.status.expired": "已过期",
    "account.usedOf": "已用 {used}，共 {limit}",
    "account.usedNoLimit": "已用 {used}（不限）",
    "account.perMinute": "每分钟 {count} 次请求",
    "account.noLimit": "不限",
    "account.yes": "是",
    "account.no": "否",
    "account.none": "—",
    "account.moreFields": "还有 {count} 个字段未显示。",
  },
} as const;

export const accountTranslate = translateOf(accountStrings, withPlurals);
export type AccountT = ReturnType<typeof accountTranslate>;
export type AccountKey = keyof typeof accountStrings.en;
