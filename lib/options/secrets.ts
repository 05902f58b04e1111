/**
 * How secrets appear on screen (pure): a fixed run of dots, so the length is not given away,
 * and the last four characters only when the secret is long enough that they reveal little.
 */
import type { Settings } from "../state/settings";

const DOTS = "••••••••";

export function maskSecret(secret: string): string {
  if (secret === "") return "";
  if (secret.length < 12) return DOTS;
  return `${DOTS}${secret.slice(-4)}`;
}

/** The stored credentials in one line for the summary, secrets masked. */
export type MaskedAuth =
  | { kind: "none" }
  | { kind: "bearer"; token: string }
  | { kind: "basic"; username: string; password: string };

export function describeAuth(auth: Settings["auth"]): MaskedAuth {
  if (auth === null) return { kind: "none" };
  if (auth.kind === "bearer") return { kind: "bearer", token: maskSecret(auth.accessToken) };
  return { kind: "basic", username: auth.username, password: maskSecret(auth.password) };
}
