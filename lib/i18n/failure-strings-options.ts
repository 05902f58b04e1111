/**
 * The failures whose usual sentence sends the user "to Options" (the popup's, the badge's),
 * worded for the Options page itself: it names the page to open instead (its sidebar shows it). Every other code
 * reads as everywhere else (failure-strings-en.ts).
 */
import type { FailureCode } from "../base/failure";
import { describeWith, type FailureLike } from "./failure-strings-describe";
import { en } from "./failure-strings-en";
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

const known = { ...en, ...optionsEn };
export const failuresOptionsTable = { name: "failuresOptions", en: optionsEn };

const translate = defineStrings([failuresOptionsTable.name, "failures"], known);

/** A failure as a sentence on the Options page. */
export function describeFailureInOptions(failure: FailureLike, language: Language): string {
  return describeWith(known, translate(language), failure);
}
