/**
 * The popup reads stored tokens with a hand check (lib/popup/stored.ts), not the zod schema
 * the background writes with: zod on the popup's first path would cost ~8 kB gzip
 * (storedTokenSchema, trashEntrySchema and settingsSchema bundled: 8,180 bytes, against the
 * hand checks' 292), and the first path is 19.1 kB of its 20 kB budget. So the one source of
 * truth is the schema, and this test holds the hand check to it: every token the schema
 * accepts, whatever its fields hold, the popup shows (it may show more: the background keeps
 * those untouched).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTokenShaped, storedTrash } from "../../../lib/popup/stored";
import { type StoredToken, storedTokenSchema } from "../../../lib/state/tokens";
import { trashEntrySchema } from "../../../lib/state/trash";

const token: fc.Arbitrary<StoredToken> = fc.record({
  id: fc.integer(),
  kind: fc.constantFrom("static-ip", "dynamic-ip", "static-traffic", "dynamic-traffic"),
  networkType: fc.constantFrom("HTTP", "SOCKS5"),
  host: fc.string({ maxLength: 255 }),
  port: fc.integer({ min: 1, max: 65535 }),
  username: fc.string({ minLength: 1, maxLength: 40 }),
  password: fc.string({ minLength: 1, maxLength: 40 }),
  ip: fc.string(),
  name: fc.string(),
  country: fc.string(),
  countryCode: fc.string(),
  state: fc.string(),
  city: fc.string(),
  expiresAt: fc.option(fc.integer({ min: 0, max: 8_640_000_000_000_000 }), { nil: null }),
  refreshUrl: fc.string(),
  trafficQuota: fc.option(fc.nat(), { nil: null }),
  trafficUsed: fc.option(fc.nat(), { nil: null }),
}) as fc.Arbitrary<StoredToken>;

/** A token with one field replaced by anything, or removed. */
const damaged = fc
  .tuple(token, fc.constantFrom(...Object.keys(storedTokenSchema.def.shape)), fc.anything())
  .map(([valid, key, value]) => ({ ...valid, [key]: value }));

describe("the popup's token check against the schema", () => {
  it("every token the schema accepts, the popup shows", () => {
    fc.assert(
      fc.property(fc.oneof(token, damaged), (candidate) => {
        if (storedTokenSchema.safeParse(candidate).success) {
          expect(isTokenShaped(candidate)).toBe(true);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("every trash entry the schema accepts, the popup shows", () => {
    const entry = fc.record({
      token,
      deletedAt: fc.integer({ min: 0, max: 8_640_000_000_000_000 }),
      restoreDeadline: fc.integer({ min: 0, max: 8_640_000_000_000_000 }),
    });
    fc.assert(
      fc.property(entry, (candidate) => {
        if (trashEntrySchema.safeParse(candidate).success) {
          expect(storedTrash([candidate])).toHaveLength(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
