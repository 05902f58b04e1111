/**
 * Why a value from another browser or a backup file was refused (lib/base/refusal.ts), and
 * what to do: one sentence each (the other languages: locales/*.json). `{value}`: the refused text.
 */
import type { RefusalCode } from "../base/refusal";
import { translateOf } from "./index";

export const refusalStrings = {
  name: "refusal",
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
    "refusal.rules-full":
      "the rule “{value}” did not fit: this browser already holds 10,000 site rules of yours, the most Proxy Deck keeps. Remove some here, and it comes with a later sync.",
  },
} as const;

const translate = translateOf(refusalStrings);

/** The sentence for a refusal, in the page's language. */
export const refusalSentence =
  (language: Parameters<typeof translate>[0]) =>
  (code: RefusalCode, value = ""): string =>
    translate(language)(`refusal.${code}`, { value });
