/** The token list's filters, shown from six tokens: their chunk's own words. */
export const filterStrings = {
  en: {
    filterKind: "Kind",
    filterCountry: "Country",
    search: "Search",
    searchPlaceholder: "ID, IP, city, name…",
    allKinds: "All kinds",
    allCountries: "All countries",
  },
  zh: {
    filterKind: "类型",
    filterCountry: "国家",
    search: "搜索",
    searchPlaceholder: "ID、IP、城市、名称…",
    allKinds: "全部类型",
    allCountries: "全部国家",
  },
};
