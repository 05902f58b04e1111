/** Which password for which token, as the auth responder keeps it (never the password itself). */
import type { StoredToken } from "../state/tokens";

export type Login = Pick<StoredToken, "id" | "username" | "password">;

export function loginKey(token: Login): string {
  let hash = 2166136261;
  for (const char of `${token.username}\u0000${token.password}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  }
  return `${token.id}:${hash.toString(36)}`;
}
