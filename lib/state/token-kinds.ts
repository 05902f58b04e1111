/**
 * The kinds of token a user holds: what the provider sells, and proxies added by hand. Its own
 * file because the stored schema (tokens.ts) and the facts about a token (token-facts.ts) both
 * need it, and the facts take the schema's type.
 */

/** The kinds the provider sells. */
export const PROVIDER_KINDS = [
  "static-ip",
  "dynamic-ip",
  "static-traffic",
  "dynamic-traffic",
] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
/** …and proxies the user added by hand (a line of text): kept with a local, negative id. */
export const TOKEN_KINDS = [...PROVIDER_KINDS, "manual"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
