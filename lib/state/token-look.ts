/**
 * A token's look: the name and colour the user gave it, so two tokens of one country read apart
 * in every list and menu. Kept on the stored token as its own field (`look`), apart from
 * `name`, which for provider tokens is the provider's own token string: a refresh or a
 * provider answer never writes `look`. Zod-free: the popup's first path draws the dot.
 */
import type { StoredToken } from "./tokens";

/**
 * The fixed palette; a look stores the colour's hex (so the popup's first path draws it with no
 * table: 20 kB budget). Each is at least 3:1 against both themes' backgrounds
 * (components/common/theme.css: #fff, #f3f4f6 light; #111827, #1f2937 dark), the contrast
 * WCAG asks of a graphic that carries meaning. Menus cannot draw a dot: they show the emoji.
 */
export const PALETTE = [
  { id: "red", hex: "#e5484d", emoji: "🔴" },
  { id: "orange", hex: "#ea580c", emoji: "🟠" },
  { id: "yellow", hex: "#b7791f", emoji: "🟡" },
  { id: "green", hex: "#059669", emoji: "🟢" },
  { id: "blue", hex: "#3b82f6", emoji: "🔵" },
  { id: "purple", hex: "#8b5cf6", emoji: "🟣" },
  { id: "brown", hex: "#a86b32", emoji: "🟤" },
  { id: "grey", hex: "#6b7280", emoji: "⚫" },
] as const;
export type PaletteColour = (typeof PALETTE)[number];

export interface TokenLook {
  /** Trimmed, at most MAX_NAME characters, no control characters (look-check.ts); "" for none. */
  name: string;
  /** A palette colour's hex, or "" for none. */
  colour: PaletteColour["hex"] | "";
}

export const MAX_NAME = 40;

/** Characters a name may not hold: controls, line breaks and the bidi overrides that spoof. */
export const UNSAFE_NAME = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

type Looked = Pick<StoredToken, "kind" | "name"> & { look?: { name: string; colour: string } };

/**
 * The user's name for the token. A proxy added by hand keeps the name its line gave in `name`
 * (the provider never names those): it stands until a look is set. Plain on purpose: the
 * popup's first path draws it as text; menus and titles clean it (menuTag).
 */
export const nameOf = (token: Looked): string =>
  token.look ? token.look.name : token.kind === "manual" ? token.name : "";

/** The token's palette colour, or undefined (none, or one this version does not know). */
export const colourOf = (token: { look?: { colour: string } | undefined }) =>
  PALETTE.find((colour) => colour.hex === token.look?.colour);

/** A name for a menu or title: a line's name never passed the gate, so it is cleaned here. */
const cleanName = (name: string) =>
  [...name.replace(new RegExp(UNSAFE_NAME, "gu"), "").trim()].slice(0, MAX_NAME).join("");

/** The id and the user's name; callers add the place and address (unnamed tokens differ there). */
export const tokenTag = (token: Looked & Pick<StoredToken, "id">): string =>
  [`#${token.id}`, cleanName(nameOf(token))].filter(Boolean).join(" ");

/** Where no dot can be drawn (a menu, a select, the toolbar title): the colour's circle first. */
export const menuTag = (token: Looked & Pick<StoredToken, "id">): string =>
  [colourOf(token)?.emoji, tokenTag(token)].filter(Boolean).join(" ");

/** The colour's circle and the name, without the id: after a status word that already says it. */
export const lookTag = (token: Looked): string =>
  [colourOf(token)?.emoji, cleanName(nameOf(token))].filter(Boolean).join(" ");
