/**
 * The credentials headers: the API's `Authorization` and, through `basicAuthorization`, the
 * `Proxy-Authorization` value Firefox sends to an HTTP proxy. Both are HTTP Basic over UTF-8,
 * so there is one encoder for both.
 */

export type AuthConfig =
  | { kind: "bearer"; accessToken: string }
  | { kind: "basic"; username: string; password: string };

/** Base64 of the UTF-8 bytes: btoa alone throws on characters above U+00FF. */
export function base64Utf8(value: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `Basic <base64(username:password)>` (RFC 7617, UTF-8 charset). */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${base64Utf8(`${username}:${password}`)}`;
}

/** The only place the API's Authorization header is formed. */
export function authorizationHeader(auth: AuthConfig): string {
  if (auth.kind === "bearer") return `Bearer ${auth.accessToken}`;
  return basicAuthorization(auth.username, auth.password);
}

/**
 * The parts of the credentials that must never be echoed back to the user from server text.
 * Very short values are left out: redacting "ab" would mangle ordinary words.
 */
export function secretsOf(auth: AuthConfig): string[] {
  const secret = auth.kind === "bearer" ? auth.accessToken : auth.password;
  return secret.length >= 4 ? [secret] : [];
}
