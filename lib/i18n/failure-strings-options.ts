/**
 * The failures whose usual sentence sends the user "to Options" (the popup's, the badge's),
 * worded for the Options page itself: it names the page to open instead (its sidebar shows it). Every other code
 * reads as everywhere else (failure-strings-en.ts, failure-strings-zh.ts).
 */
import type { FailureCode } from "../protocol/failure";
import { describeWith, type FailureLike } from "./failure-strings-describe";
import { en } from "./failure-strings-en";
import { zh } from "./failure-strings-zh";
import { defineStrings, type Language } from "./index";

type Here = Partial<Record<FailureCode, string>>;

export const optionsEn: Here = {
  "no-credentials":
    "Add the provider's base URL and your API credentials under Provider & account first.",
  "no-base-url": "Set the provider's base URL under Provider & account first.",
  "api-network":
    "Cannot reach {origin}. Check the base URL under Provider & account and your internet connection.",
  "api-redirect":
    "The provider answered with a redirect to another address; Proxy Deck does not follow it with your credentials. Check the base URL under Provider & account.",
  "api-unauthorized":
    "The provider refused your API credentials. Check them under Provider & account.",
  "api-unauthorized-basic":
    "The provider refused your username and password (Basic) for this. Check them under Provider & account, or enter the access token from the provider's console (Bearer) instead.",
  "api-unauthorized-bearer":
    "The provider refused your access token (Bearer). Check it under Provider & account: copy it again from the provider's console.",
  "site-rule-invalid":
    "Site rule {position} ({pattern}) is not a pattern Proxy Deck understands: correct it under Site rules & lists, then save again.",
  "site-rules-full":
    "You already have {max} site rules, the most Proxy Deck keeps: remove some under Site rules & lists first.",
  "site-rules-changed":
    "Your site rules changed elsewhere while you edited them: check the list under Site rules & lists, then save again.",
  "rules-config-failed":
    "This browser refused the proxy settings of your site rules ({detail}): all traffic is blocked. Correct or switch off the rules under Site rules & lists.",
};

export const optionsZh: Here = {
  "no-credentials": "请先在“服务商与账户”中填写服务商的基础 URL 和 API 凭据。",
  "no-base-url": "请先在“服务商与账户”中填写服务商的基础 URL。",
  "api-network": "无法连接 {origin}。请检查“服务商与账户”中的基础 URL 和网络连接。",
  "api-redirect":
    "服务商把请求重定向到了另一个地址；Proxy Deck 不会带着你的凭据跟随。请检查“服务商与账户”中的基础 URL。",
  "api-unauthorized": "服务商拒绝了你的 API 凭据，请在“服务商与账户”中检查。",
  "api-unauthorized-basic":
    "服务商在此拒绝了你的用户名和密码（Basic）。请在“服务商与账户”中检查，或改用服务商控制台中的访问令牌（Bearer）。",
  "api-unauthorized-bearer":
    "服务商拒绝了你的访问令牌（Bearer）。请在“服务商与账户”中检查：从服务商控制台重新复制。",
  "site-rule-invalid":
    "第 {position} 条网站规则（{pattern}）不是可识别的模式：请在“网站规则与列表”中更正后再保存。",
  "site-rules-full": "网站规则已达上限 {max} 条：请先在“网站规则与列表”中删除一些。",
  "site-rules-changed": "编辑期间网站规则已在别处更改：请在“网站规则与列表”中检查列表后再保存。",
  "rules-config-failed":
    "浏览器拒绝了站点规则的代理设置（{detail}）：所有流量已被阻止。请在“网站规则与列表”中修改或关闭这些规则。",
};

const known = { ...en, ...optionsEn };
const translate = defineStrings(known, { ...zh, ...optionsZh });

/** A failure as a sentence on the Options page. */
export function describeFailureInOptions(failure: FailureLike, language: Language): string {
  return describeWith(known, translate(language), failure);
}
