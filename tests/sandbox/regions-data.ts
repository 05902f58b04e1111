import { US_SEED } from "./regions-data-us";

/**
 * Region seed data: real countries, states/provinces (ISO 3166-2 suffix as code) and cities with
 * approximate coordinates. The optional flags say which proxies a city offers:
 * s static, d dynamic, i time-billed (IP), t traffic-billed, r residential, c data-centre.
 * Without flags a city offers "sdtir" (every kind, residential only).
 */
export type CitySeed = readonly [name: string, lat: number, lon: number, flags?: string];
export interface StateSeed {
  name: string;
  code: string;
  cities: readonly CitySeed[];
}
export interface CountrySeed {
  name: string;
  code: string;
  states: readonly StateSeed[];
}

const ALL_DC = "sdtirc";

export const COUNTRY_SEEDS: readonly CountrySeed[] = [
  US_SEED,
  {
    name: "United Kingdom",
    code: "GB",
    states: [
      {
        name: "England",
        code: "ENG",
        cities: [
          ["London", 51.5074, -0.1278, ALL_DC],
          ["Manchester", 53.4808, -2.2426],
          ["Birmingham", 52.4862, -1.8904],
        ],
      },
      {
        name: "Scotland",
        code: "SCT",
        cities: [
          ["Edinburgh", 55.9533, -3.1883],
          ["Glasgow", 55.8642, -4.2518],
        ],
      },
      {
        name: "Wales",
        code: "WLS",
        cities: [
          ["Cardiff", 51.4816, -3.1791],
          ["Swansea", 51.6214, -3.9436],
        ],
      },
      {
        name: "Northern Ireland",
        code: "NIR",
        cities: [
          ["Belfast", 54.5973, -5.9301],
          ["Lisburn", 54.5162, -6.058, "dtir"],
        ],
      },
    ],
  },
  {
    name: "Germany",
    code: "DE",
    states: [
      {
        name: "Bavaria",
        code: "BY",
        cities: [
          ["Munich", 48.1351, 11.582],
          ["Nuremberg", 49.4521, 11.0767],
          ["Augsburg", 48.3705, 10.8978],
        ],
      },
      {
        name: "North Rhine-Westphalia",
        code: "NW",
        cities: [
          ["Cologne", 50.9375, 6.9603],
          ["Düsseldorf", 51.2277, 6.7735],
          ["Dortmund", 51.5136, 7.4653],
        ],
      },
      {
        name: "Hesse",
        code: "HE",
        cities: [
          ["Frankfurt am Main", 50.1109, 8.6821, ALL_DC],
          ["Wiesbaden", 50.0782, 8.2398],
        ],
      },
      {
        name: "Baden-Württemberg",
        code: "BW",
        cities: [
          ["Stuttgart", 48.7758, 9.1829],
          ["Karlsruhe", 49.0069, 8.4037],
        ],
      },
    ],
  },
  {
    name: "Japan",
    code: "JP",
    states: [
      {
        name: "Tokyo",
        code: "13",
        cities: [
          ["Shinjuku", 35.6938, 139.7034, ALL_DC],
          ["Hachioji", 35.6664, 139.316],
        ],
      },
      {
        name: "Osaka",
        code: "27",
        cities: [
          ["Osaka", 34.6937, 135.5023, ALL_DC],
          ["Sakai", 34.5733, 135.4829],
        ],
      },
      {
        name: "Kanagawa",
        code: "14",
        cities: [
          ["Yokohama", 35.4437, 139.638],
          ["Kawasaki", 35.5308, 139.7029],
        ],
      },
      {
        name: "Hokkaido",
        code: "01",
        cities: [
          ["Sapporo", 43.0618, 141.3545],
          ["Hakodate", 41.7687, 140.7288, "dtir"],
        ],
      },
    ],
  },
  {
    name: "Brazil",
    code: "BR",
    states: [
      {
        name: "São Paulo",
        code: "SP",
        cities: [
          ["São Paulo", -23.5505, -46.6333, ALL_DC],
          ["Campinas", -22.9099, -47.0626],
        ],
      },
      {
        name: "Rio de Janeiro",
        code: "RJ",
        cities: [
          ["Rio de Janeiro", -22.9068, -43.1729],
          ["Niterói", -22.8832, -43.1034],
        ],
      },
      {
        name: "Minas Gerais",
        code: "MG",
        cities: [
          ["Belo Horizonte", -19.9167, -43.9345],
          ["Uberlândia", -18.9186, -48.2772, "dtir"],
        ],
      },
    ],
  },
  {
    name: "Canada",
    code: "CA",
    states: [
      {
        name: "Ontario",
        code: "ON",
        cities: [
          ["Toronto", 43.6532, -79.3832, ALL_DC],
          ["Ottawa", 45.4215, -75.6972],
        ],
      },
      {
        name: "Quebec",
        code: "QC",
        cities: [
          ["Montreal", 45.5017, -73.5673, ALL_DC],
          ["Quebec City", 46.8139, -71.208],
        ],
      },
      {
        name: "British Columbia",
        code: "BC",
        cities: [
          ["Vancouver", 49.2827, -123.1207],
          ["Victoria", 48.4284, -123.3656],
        ],
      },
    ],
  },
  {
    name: "France",
    code: "FR",
    states: [
      {
        name: "Île-de-France",
        code: "IDF",
        cities: [
          ["Paris", 48.8566, 2.3522, ALL_DC],
          ["Boulogne-Billancourt", 48.8397, 2.2399],
        ],
      },
      {
        name: "Provence-Alpes-Côte d'Azur",
        code: "PAC",
        cities: [
          ["Marseille", 43.2965, 5.3698],
          ["Nice", 43.7102, 7.262],
        ],
      },
      {
        name: "Auvergne-Rhône-Alpes",
        code: "ARA",
        cities: [
          ["Lyon", 45.764, 4.8357],
          ["Grenoble", 45.1885, 5.7245],
        ],
      },
    ],
  },
  {
    name: "Singapore",
    code: "SG",
    states: [
      {
        name: "Central Region",
        code: "01",
        cities: [
          ["Singapore", 1.2897, 103.8501, "sitrc"],
          ["Bukit Timah", 1.3294, 103.8021],
        ],
      },
      {
        name: "East Region",
        code: "04",
        cities: [
          ["Tampines", 1.3496, 103.9568],
          ["Bedok", 1.3236, 103.9273],
        ],
      },
      {
        name: "West Region",
        code: "05",
        cities: [
          ["Jurong West", 1.3404, 103.709],
          ["Clementi", 1.3162, 103.7649],
        ],
      },
    ],
  },
];

/** A few cities carry a code, as the spec says codes are only "usually" empty for cities. */
export const CITY_CODES: Readonly<Record<string, string>> = {
  London: "LON",
  "New York City": "NYC",
};
