import type { ProbeRouting } from "../../../lib/proxy/platform";

/** A platform's probe routing for tests that run no health check: every call fails loudly. */
export const noProbes: ProbeRouting = {
  open: () => Promise.reject(new Error("no health check in this test")),
  targets: () => {
    throw new Error("no health check in this test");
  },
  finished: () => undefined,
  close: async () => undefined,
  forgetAddresses: async () => undefined,
};
