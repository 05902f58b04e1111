/**
 * "Check all" (every token's health), in English and Simplified Chinese: Options' section and
 * the popup's marks share this table. The popup loads it in its health chunk, after the first
 * rows, so none of it is on the popup's first path.
 */
import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const healthStrings = {
  name: "health",
  en: {
    "health.heading": "Token health",
    "health.intro":
      "Whether each token's gateway answers, whether it accepts the token's login, how fast a request through it is, and where it exits when that can be learned without moving your own traffic.",
    "health.checkAll": "Check all",
    "health.checkSelected": "Check selected ({count})",
    "health.cancel": "Cancel",
    "health.checkRest": "Check the rest",
    "health.progress": "{done} of {total} checked",
    "health.progressLabel": "Health check progress",
    "health.waiting":
      "Waiting for the provider's rate limit (your plan: {plan}): resumes in {seconds} s",
    "health.plan.free": "Free",
    "health.plan.basic": "Basic",
    "health.plan.professional": "Professional",
    "health.plan.enterprise": "Enterprise",
    "health.planRate": "{name}, {count} requests a minute",
    "health.planUnlimited": "{name}, no limit",
    "health.done": "Checked {done} of {total}.",
    "health.stopped":
      "The check stopped when the browser stopped the background: {done} of {total} checked.",
    "health.cancelled": "The check was cancelled: {done} of {total} checked.",
    "health.started":
      "Checking {checking, plural, one {# token} other {# tokens}}; {notChecked} cannot be checked here.",
    "health.joined": "A check is already running: showing its progress.",
    "health.sort": "Sort",
    "health.sort.fastest": "Fastest first",
    "health.sort.result": "By result",
    "health.sort.id": "By number",
    "health.selectAll": "Select every token",
    "health.select": "Select token #{id}",
    "health.col.token": "Token",
    "health.col.result": "Result",
    "health.col.latency": "Latency",
    "health.col.exit": "Exit IP",
    "health.col.at": "Checked",
    "health.none": "Not checked yet",
    "health.noTokens": "No tokens to check yet.",
    "health.shown": "{shown} of {total, plural, one {# token} other {# tokens}} shown.",
    "health.showMore": "Show {count} more",
    "health.ms": "{ms} ms",
    "health.ok": "Works: {ms} ms",
    "health.works": "Works",
    "health.loginRefused": "Login refused: the gateway did not accept this token's password",
    "health.unreachable": "Gateway not answering ({error})",
    "health.timeout": "No answer within {seconds} s",
    "health.failed": "Failed: {error}",
    "health.socks": "Not checked: Chrome cannot sign in to SOCKS5 proxies",
    "health.gatewayInUse":
      "Not checked: in Chrome every address of this token's gateway holds another token's login (#{id}), and Chrome lets go of a login only by closing every open connection, yours included. Connect to this token to check it, or check it in Firefox.",
    "health.exitUnknown": "not learned in Chrome without moving your traffic",
    "health.mark.loginRefused": "login refused",
    "health.mark.unreachable": "gateway down",
    "health.mark.timeout": "no answer",
    "health.mark.failed": "failed",
    "health.mark.notChecked": "not checked",
    "health.mark.label": "Health of token #{id}",
    "health.kind.static-ip": "Static IP",
    "health.kind.dynamic-ip": "Dynamic IP",
    "health.kind.static-traffic": "Static traffic",
    "health.kind.dynamic-traffic": "Dynamic traffic",
    "health.kind.manual": "Added by hand",
  },
} as const;

export const healthTranslate = translateOf(healthStrings, withPlurals);
export type HealthT = ReturnType<typeof healthTranslate>;
