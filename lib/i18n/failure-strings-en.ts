/** Every failure code as an English sentence that says what to do. */
import type { FailureCode } from "../base/failure";

export const en: Record<FailureCode, string> = {
  "no-credentials": "Add the provider's base URL and your API credentials in Options first.",
  "no-base-url": "Set the provider's base URL in Options first.",
  "background-unreachable":
    "Proxy Deck's background did not answer. Reload this page; if it keeps happening, restart the browser.",
  "malformed-command": "Proxy Deck received a malformed command. Reload this page and try again.",
  internal: "Something went wrong in Proxy Deck. Try again.",

  "api-network":
    "Cannot reach {origin}. Check the address in Options and your internet connection.",
  "api-timeout": "The provider did not answer within {seconds} s. Try again later.",
  "purchase-unanswered":
    "The provider did not answer the purchase, so it may have gone through: tokens it bought would not be listed here. Check your account with the provider before you buy again.",
  "purchase-on-wire":
    "A purchase is still waiting for the provider's answer. Wait for it: its tokens appear in the list when it lands. Then buy again if you still need more.",
  "api-schema":
    "The provider sent an unexpected answer. Try again later; if it keeps happening, the provider may have changed its API.",
  "api-too-large":
    "The provider's answer was far larger than any real answer, so Proxy Deck did not read it. Try again later.",
  "api-redirect":
    "The provider answered with a redirect to another address; Proxy Deck does not follow it with your credentials. Check the base URL in Options.",
  "api-invalid-request": "The request was not sent: {detail}.",
  "api-rate-limited":
    "The provider is limiting how often you can make requests. Try again in {seconds} s.",
  "api-bad-request": "The provider rejected the request: {reason}.",
  "api-unauthorized": "The provider refused your API credentials. Check them in Options.",
  "api-unauthorized-basic":
    "The provider refused your username and password (Basic) for this. Check them in Options, or enter the access token from the provider's console (Bearer) instead.",
  "api-unauthorized-bearer":
    "The provider refused your access token (Bearer). Check it in Options: copy it again from the provider's console.",
  "api-forbidden":
    "The provider refused this action: your account lacks the permission or the quota for it. Check your plan and balance.",
  "api-not-found": "The provider could not find that item; it may already have been deleted.",
  "api-server-error": "The provider had a problem ({status}). Try again later.",
  "api-proxy-asked":
    "A proxy between the browser and the provider asked for a sign-in, so the request did not reach the provider. Connect a working token, or turn Proxy Deck Off, and try again.",
  "api-refused": "The provider refused the request ({status}).",
  "api-refused-because": "The provider refused the request ({status}): {reason}.",

  "credentials-refused":
    "The proxy refused this token's username or password. Check the token or choose another one.",
  "proxy-unreachable":
    "The proxy server {host} cannot be reached. Check your connection, or refresh or replace the token.",
  "proxy-error": "The proxy failed ({error}). Try again or choose another token.",
  "socks5-unsupported":
    "Chrome cannot sign in to SOCKS5 proxies, so this token would fail on every page. Use an HTTP token instead: create one with the same location and choose HTTP.",
  "controlled-by-other":
    "Another extension controls the browser's proxy setting: Proxy Deck cannot take effect until it is disabled.",
  "token-missing": "The chosen token is no longer stored. Choose another token.",
  "token-expired": "The chosen token has expired. Choose another token, or go direct.",
  "address-pending":
    "The provider has not given this token an address yet. Get a new IP for it, or choose another token.",
  "gateway-shared":
    "Chrome keeps one login per proxy address, and it can write {endpoint} only two ways, both taken by other tokens of your rules: sites of this rule are blocked. Route them through a token on another gateway.",
  "site-rule-invalid":
    "Site rule {position} ({pattern}) is not a pattern Proxy Deck understands: correct it in Options, then save again.",
  "site-rules-full":
    "You already have {max} site rules, the most Proxy Deck keeps: remove some in Options first.",
  "site-rules-changed":
    "Your site rules changed elsewhere while you edited them: check the list in Options, then save again.",
  "rules-config-failed":
    "This browser refused the proxy settings of your site rules ({detail}): all traffic is blocked. Correct or switch off the rules in Options.",
  "config-failed":
    "This browser refused the token's proxy settings ({detail}). Choose another token, or go direct.",
  "no-tokens": "Create a token first.",
  "no-recent-token":
    "No other token you used recently can carry traffic now: choose one in the popup.",
  "not-connected": "Connect a token first: this site would go through it.",
  "no-site": "This tab shows no web page: site rules apply to web pages only.",
  "not-dynamic": "Only dynamic tokens can get a new IP.",
  "exit-check-failed": "Traffic through this token failed: {because}",
  "refresh-failed": "The IP refresh failed: {because}",

  "provider-refused-token": "The provider refused this token (it may already be gone).",
  "restore-window-passed":
    "The 30-day restore window has passed; this token can no longer be restored.",
  "backup-missing-secrets":
    "This backup was made without secrets and holds tokens this browser does not have, so their passwords are missing. Export it again with “Include secrets” ticked. Nothing was imported.",
  "policy-forbids-adding":
    "Your organization's policy does not let you add proxies of your own here. Nothing was added.",
};
