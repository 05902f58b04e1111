/**
 * The gate for a token's look (its name and colour), whatever door it came through: the
 * Options or popup editor, a proxy added by hand, another browser by sync, a backup file. A
 * look passes whole (its name trimmed) or is refused with a reason; the caller keeps the
 * token's own look and reports the refusal. The stored schema (tokens.ts) is looser on
 * purpose: a look that fails this gate must never make a paid token unreadable.
 */
import * as z from "zod/mini";
import { type Checked, refused } from "../base/refusal";
import { MAX_NAME, PALETTE, type TokenLook, UNSAFE_NAME } from "./look-palette";

/** What storage holds: loose enough that no look can hide its token (see above). */
export const storedLookSchema = z.object({
  name: z.string().check(z.maxLength(400)),
  colour: z.string().check(z.maxLength(40)),
});

export function checkName(value: unknown): Checked<string> {
  if (typeof value !== "string") return refused("token-name", JSON.stringify(value));
  const name = value.trim();
  if ([...name].length > MAX_NAME || UNSAFE_NAME.test(name)) return refused("token-name", name);
  return { ok: true, value: name };
}

export function checkLook(value: unknown): Checked<TokenLook> {
  const shape = value as { name?: unknown; colour?: unknown } | null;
  if (typeof shape !== "object" || shape === null)
    return refused("token-name", JSON.stringify(value));
  const name = checkName(shape.name);
  if (!name.ok) return name;
  const colour = shape.colour;
  if (colour !== "" && !PALETTE.some((entry) => entry.hex === colour))
    return refused("token-colour", String(colour));
  return { ok: true, value: { name: name.value, colour: colour as TokenLook["colour"] } };
}

/** The same look (an unset look equals a blank one: neither names nor colours the token). */
type AnyLook = { name: string; colour: string } | undefined;
export const sameLook = (a: AnyLook, b: AnyLook): boolean =>
  (a?.name ?? "") === (b?.name ?? "") && (a?.colour ?? "") === (b?.colour ?? "");
