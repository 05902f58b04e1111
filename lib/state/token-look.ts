/**
 * A token's look: the name and colour the user gave it, so two tokens of one country read apart
 * in every list and menu. Kept on the stored token as its own field (`look`), apart from
 * `name`, which for provider tokens is the provider's own token string: a refresh or a
 * provider answer never writes `look`. Zod-free: the popup's first path draws the dot.
 */
import type { StoredToken } from "./tokens";

export { MAX_NAME, PALETTE, type PaletteColour, type TokenLook, UNSAFE_NAME } from "./look-palette";

import { MAX_NAME, PALETTE, UNSAFE_NAME } from "./look-palette";

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
