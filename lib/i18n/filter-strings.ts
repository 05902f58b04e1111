/** The token list's filters, shown from six tokens: their chunk's own words. */
export const filterStrings = {
  name: "filter",
  en: {
    filterKind: "Kind",
    filterCountry: "Country",
    search: "Search",
    searchPlaceholder: "ID, IP, city, name…",
    allKinds: "All kinds",
    allCountries: "All countries",
  },
};
