/**
 * What a token's look may be: the palette, the name's bounds. Apart from token-look.ts (which
 * reads a stored token) so the stored schema's check (look-check.ts) can take it without a loop.
 */

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
