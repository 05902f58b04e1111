/**
 * The account records' facts in English and Simplified Chinese: a label for every field the
 * provider answers with (lib/options/account-facts.ts), plan and status names, and how a used
 * amount reads against its limit. Options only.
 */
import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const accountStrings = {
  name: "account",
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
} as const;

export const accountTranslate = translateOf(accountStrings, withPlurals);
export type AccountT = ReturnType<typeof accountTranslate>;
export type AccountKey = keyof typeof accountStrings.en;
