/** Options' pages and its welcome, in English and Simplified Chinese (spread into its strings). */
export const optionsPagesStrings = {
  name: "optionsPages",
  en: {
    "pages.welcome": "Welcome",
    "pages.provider": "Provider & account",
    "pages.exit": "Exit IP & quality",
    "pages.tokens": "Tokens & health",
    "pages.rules": "Site rules & lists",
    "pages.traffic": "Traffic",
    "pages.sync": "Sync & backup",
    "pages.settings": "Settings",
    "exit.needsProvider":
      "The exit IP is checked once your provider's address is saved under API credentials.",
    "cred.saveVerify": "Save and verify",

    "welcome.heading": "Welcome to Proxy Deck",
    "welcome.intro":
      "Three steps, and this browser's traffic goes through your proxy. Nothing is sent anywhere until you choose to.",
    "welcome.done": "Done",
    "welcome.step1.heading": "1. Connect to your provider",
    "welcome.step1.intro":
      "Enter your provider's address and the access token (or username and password) from its account console, then choose Save and verify.",
    "welcome.step2.heading": "2. Get your first token",
    "welcome.step2.intro":
      "A token is one proxy: an address, a port and its login. Buy one from your provider, add one you already have, or bring your setup from another extension.",
    "welcome.step2.have":
      "{count, plural, one {You have # token.} other {You have # tokens.}} Add more any time under Tokens & health, or from Proxy Deck's button in the toolbar.",
    "welcome.buy": "Buy a token",
    "welcome.buyNeedsProvider": "To buy a token, connect to your provider first (step 1).",
    "welcome.add": "Add a proxy you already have",
    "welcome.importQuestion": "Coming from FoxyProxy or SwitchyOmega?",
    "welcome.importLink": "Import its backup file under Sync & backup",
    "welcome.step3.heading": "3. Connect",
    "welcome.step3.intro":
      "Choose a token: from then on this browser's traffic goes through it. Proxy Deck's button in the toolbar switches tokens, or turns the proxy Off, in one click.",
    "welcome.step3.needsToken": "Once you have a token, connect it here.",
    "welcome.connect": "Connect through {token}",
    "welcome.state.checking": "Waiting for the first answer through {token}…",
    "welcome.state.connected": "Your traffic goes through {token}.",
    "welcome.state.exit": "The web sees you at {ip} ({place}).",
    "welcome.finished":
      "You are set. The pages on the left hold the rest: your provider and account, the exit IP and its quality, token health, site rules, traffic, sync and backup, and settings.",
  },
};
