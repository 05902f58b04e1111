/**
 * A token's look: the name and colour the user gave it, so two tokens of one country read apart
 * in every list and menu. Kept on the stored token as its own field (`look`), apart from
 * `name`, which for provider tokens is the provider's own token string: a refresh or a
 * provider answer never writes `look`. Zod-free: the popup's first path draws the dot.
 */
import type { StoredToken } from "./tokens";

/**
 * The fixed palette. Each colour is at least 3:1 against both themes' backgrounds
 * (components/common/theme.css: #fff, #f3f4f6 light; #111827, #1f2937 dark), the contrast
 * WCAG asks of a graphic that carries meaning. Menus cannot draw a dot: they show the
 * matching emoji circle.
 */
export const LOOK_COLOURS = {
  red: { hex: "#e5484d", emoji: "🔴" },
  orange: { hex: "#ea580c", emoji: "🟠" },
  yellow: { hex: "#b7791f", emoji: "🟡" },
  green: { hex: "#059669", emoji: "🟢" },
  blue: { hex: "#3b82f6", emoji: "🔵" },
  purple: { hex: "#8b5cf6", emoji: "🟣" },
  brown: { hex: "#a86b32", emoji: "🟤" },
  grey: { hex: "#6b7280", emoji: "⚫" },
} as const;
export type LookColour = keyof typeof LOOK_COLOURS;
export const COLOUR_IDS = Object.keys(LOOK_COLOURS) as LookColour[];

export interface TokenLook {
  /** Trimmed, at most MAX_NAME characters, no control characters (look-check.ts); "" for none. */
  name: string;
  /** A palette colour, or "" for none. */
  colour: LookColour | "";
}

export const MAX_NAME = 40;

/** Characters a name may not hold: controls, line breaks and the bidi overrides that spoof. */
export const UNSAFE_NAME = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

type Looked = Pick<StoredToken, "kind" | "name"> & { look?: { name: string; colour: string } };

/**
 * The user's name for the token. A proxy added by hand before looks existed kept the name
 * its line gave in `name` (the provider never names those): it stands until a look is set.
 */
export function nameOf(token: Looked): string {
  const raw = token.look ? token.look.name : token.kind === "manual" ? token.name : "";
  return [...raw.replace(new RegExp(UNSAFE_NAME, "gu"), "").trim()].slice(0, MAX_NAME).join("");
}

/** The token's palette colour, or undefined (none, or one this version does not know). */
export function colourOf(token: { look?: { colour: string } }): LookColour | undefined {
  const colour = token.look?.colour;
  return colour && Object.hasOwn(LOOK_COLOURS, colour) ? (colour as LookColour) : undefined;
}

/**
 * How a menu or a title names the token where no dot can be drawn: the colour's circle, the
 * id and the name. Callers add the place and address, which tell unnamed tokens apart.
 */
export function tokenTag(token: Looked & Pick<StoredToken, "id">): string {
  const colour = colourOf(token);
  return [colour && LOOK_COLOURS[colour].emoji, `#${token.id}`, nameOf(token)]
    .filter(Boolean)
    .join(" ");
}
