/** Options' "Support" section: copying the diagnostics log (spread into Options' strings). */
export const diagnosticsStrings = {
  name: "diagnostics",
  en: {
    "diag.heading": "Support",
    "diag.intro":
      "When something goes wrong, copy the diagnostics and paste them into your message to support. They list the last {max} events since the browser started: errors, proxy changes, answers to your gateways' sign-in requests and rule list updates, each with its time.",
    "diag.privacy":
      "They never hold passwords, access tokens, API keys or proxy logins, and they name websites, gateways and your provider by host name only, never by full address. Tokens appear by their number. You see the text before you send it.",
    "diag.copy": "Copy diagnostics",
    "diag.reading": "Reading the diagnostics…",
    "diag.copied":
      "{count, plural, one {Copied # event.} other {Copied # events.}} Paste them into your message to support.",
    "diag.copyFailed":
      "The browser did not let Proxy Deck copy the text. Select the text below and press Ctrl+C (⌘C on a Mac).",
    "diag.readFailed": "The diagnostics could not be read. {reason}",
    "diag.text": "Diagnostics",
    "diag.clear": "Clear diagnostics",
    "diag.cleared": "Diagnostics cleared.",
    "diag.clearFailed": "The diagnostics were not cleared. {reason}",
  },
} as const;
