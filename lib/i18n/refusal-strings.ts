/**
 * Why a value from another browser or a backup file was refused (lib/state/refusal.ts), and
 * what to do: one sentence each, English and Simplified Chinese. `{value}`: the refused text.
 */
import type { RefusalCode } from "../state/refusal";
import { translateOf } from "./index";

export const refusalStrings = {
  en: {
    "refusal.bypass-entry":
      "“{value}” is not a bypass entry the browser accepts, and one such entry would stop the whole proxy setting: correct it where it was written; this browser keeps its own bypass list.",
    "refusal.setting-value":
      "the value {value} is not one this setting takes: change it where it was written; this browser keeps its own.",
    "refusal.address":
      "“{value}” is not a provider address this browser takes from elsewhere (https only): type it under API credentials if you mean it.",
    "refusal.rule-pattern":
      "“{value}” is not a pattern this browser can read, so the rule would route nothing: correct it where it was written; the other rules are kept as usual.",
    "refusal.list-address":
      "the list's address {value} is not https, where anyone on the way could rewrite the routes: subscribe to it over https.",
    "refusal.token-name":
      "the token name “{value}” is too long (40 characters at most) or holds control characters: rename it where it was written; this browser keeps its own name.",
    "refusal.token-colour":
      "“{value}” is not one of the token colours: choose one from the palette; this browser keeps its own colour.",
  },
  zh: {
    "refusal.bypass-entry":
      "“{value}”不是浏览器接受的绕过条目，这样的一条就会使整个代理设置失效：请在写入它的地方改正；此浏览器保留自己的绕过列表。",
    "refusal.setting-value":
      "值 {value} 不适用于此设置：请在写入它的地方修改；此浏览器保留自己的值。",
    "refusal.address":
      "“{value}”不是此浏览器从别处接受的服务商地址（仅限 https）：如确需使用，请在“API 凭据”中输入。",
    "refusal.rule-pattern":
      "“{value}”不是此浏览器能读取的模式，这条规则不会路由任何请求：请在写入它的地方改正；其他规则照常保留。",
    "refusal.list-address":
      "列表地址 {value} 不是 https，途中任何人都可能改写路由：请通过 https 订阅。",
    "refusal.token-name":
      "令牌名称“{value}”过长（最多 40 个字符）或含有控制字符：请在写入它的地方重新命名；此浏览器保留自己的名称。",
    "refusal.token-colour": "“{value}”不是可选的令牌颜色：请从色板中选择；此浏览器保留自己的颜色。",
  },
} as const;

const translate = translateOf(refusalStrings);

/** The sentence for a refusal, in the page's language. */
export const refusalSentence =
  (language: Parameters<typeof translate>[0]) =>
  (code: RefusalCode, value = ""): string =>
    translate(language)(`refusal.${code}`, { value });
