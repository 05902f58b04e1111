/** United States seed: enough states (15) that the state list needs paging. */
import type { CountrySeed } from "./regions-data";

const ALL_DC = "sdtirc";

export const US_SEED: CountrySeed = {
  name: "United States",
  code: "US",
  states: [
    {
      name: "California",
      code: "CA",
      cities: [
        ["Los Angeles", 34.0522, -118.2437, ALL_DC],
        ["San Francisco", 37.7749, -122.4194, ALL_DC],
        ["San Diego", 32.7157, -117.1611],
      ],
    },
    {
      name: "Texas",
      code: "TX",
      cities: [
        ["Houston", 29.7604, -95.3698],
        ["Dallas", 32.7767, -96.797, ALL_DC],
        ["Austin", 30.2672, -97.7431],
      ],
    },
    {
      name: "New York",
      code: "NY",
      cities: [
        ["New York City", 40.7128, -74.006, ALL_DC],
        ["Buffalo", 42.8864, -78.8784, "dtir"],
      ],
    },
    {
      name: "Florida",
      code: "FL",
      cities: [
        ["Miami", 25.7617, -80.1918, ALL_DC],
        ["Orlando", 28.5383, -81.3792],
        ["Tampa", 27.9506, -82.4572],
      ],
    },
    {
      name: "Illinois",
      code: "IL",
      cities: [
        ["Chicago", 41.8781, -87.6298, ALL_DC],
        ["Springfield", 39.7817, -89.6501, "dtir"],
      ],
    },
    {
      name: "Washington",
      code: "WA",
      cities: [
        ["Seattle", 47.6062, -122.3321, ALL_DC],
        ["Spokane", 47.6588, -117.426],
      ],
    },
    {
      name: "Massachusetts",
      code: "MA",
      cities: [
        ["Boston", 42.3601, -71.0589],
        ["Cambridge", 42.3736, -71.1097],
      ],
    },
    {
      name: "Georgia",
      code: "GA",
      cities: [
        ["Atlanta", 33.749, -84.388, ALL_DC],
        ["Savannah", 32.0809, -81.0912],
      ],
    },
    {
      name: "Colorado",
      code: "CO",
      cities: [
        ["Denver", 39.7392, -104.9903],
        ["Boulder", 40.015, -105.2705, "dtir"],
      ],
    },
    {
      name: "Arizona",
      code: "AZ",
      cities: [
        ["Phoenix", 33.4484, -112.074],
        ["Tucson", 32.2226, -110.9747],
      ],
    },
    {
      name: "Oregon",
      code: "OR",
      cities: [
        ["Portland", 45.5152, -122.6784],
        ["Eugene", 44.0521, -123.0868, "dir"],
      ],
    },
    {
      name: "Pennsylvania",
      code: "PA",
      cities: [
        ["Philadelphia", 39.9526, -75.1652],
        ["Pittsburgh", 40.4406, -79.9959],
      ],
    },
    {
      name: "Ohio",
      code: "OH",
      cities: [
        ["Columbus", 39.9612, -82.9988],
        ["Cleveland", 41.4993, -81.6944],
      ],
    },
    {
      name: "Virginia",
      code: "VA",
      cities: [
        ["Ashburn", 39.0438, -77.4874, "sirc"],
        ["Richmond", 37.5407, -77.436],
      ],
    },
    {
      name: "Nevada",
      code: "NV",
      cities: [
        ["Las Vegas", 36.1699, -115.1398],
        ["Reno", 39.5296, -119.8138],
      ],
    },
  ],
};
