/**
 * A token's colour as a dot before its name: a glyph in the colour, so no style rule is needed
 * (the popup's first path, 20 kB budget). Set as one CSS property (Preact's style object goes
 * through CSSOM), so a stored text that is no colour is ignored and can add nothing else. The
 * name and id beside it say which token it is; the palette keeps 3:1 contrast in both themes.
 */
export const LookDot = ({ look }: { look?: { colour: string } | undefined }) =>
  look?.colour ? (
    <i style={{ color: look.colour }} aria-hidden="true">
      ●{" "}
    </i>
  ) : null;
