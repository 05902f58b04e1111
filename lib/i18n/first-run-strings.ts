/** The popup before any credentials: its chunk's own words (off the popup's first path). */
export const firstRunStrings = {
  name: "firstRun",
  en: {
    firstRunTitle: "Welcome to Proxy Deck",
    firstRunText:
      "First connect Proxy Deck to your proxy provider: enter its address and your API credentials in Options. Then buy a token here and connect in one click.",
    firstRunAction: "Set up your provider",
  },
};
