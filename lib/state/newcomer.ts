/**
 * A newcomer: neither API credentials nor a token. The install opens the welcome for one, and
 * Options starts one there (one decision for both).
 */
import type { Settings } from "./settings";
import type { StoredToken } from "./tokens";

export const isNewcomer = (settings: Pick<Settings, "auth">, tokens: readonly StoredToken[]) =>
  settings.auth === null && tokens.length === 0;
