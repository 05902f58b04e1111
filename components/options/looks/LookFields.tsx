/** A token's name and colour as form fields (the editor and the add-one form share them). */
import { MAX_NAME, PALETTE } from "@/lib/state/token-look";
import { useLookT } from "./use-look-t";

export interface LookValue {
  name: string;
  colour: string;
}

export function LookFields(props: {
  idPrefix: string;
  value: LookValue;
  onChange: (value: LookValue) => void;
}) {
  const t = useLookT();
  const { value, idPrefix } = props;
  const colours = [{ id: "none", hex: "" }, ...PALETTE];
  return (
    <>
      <label for={`${idPrefix}-name`}>{t("looks.name")}</label>
      <input
        id={`${idPrefix}-name`}
        type="text"
        maxLength={MAX_NAME}
        value={value.name}
        aria-describedby={`${idPrefix}-name-hint`}
        onInput={(e) => props.onChange({ ...value, name: e.currentTarget.value })}
      />
      <p class="hint" id={`${idPrefix}-name-hint`}>
        {t("looks.nameHint")}
      </p>
      <fieldset class="look-colours">
        <legend>{t("looks.colour")}</legend>
        {colours.map((colour) => (
          <label key={colour.id} class="look-colour">
            <input
              type="radio"
              name={`${idPrefix}-colour`}
              value={colour.hex}
              checked={value.colour === colour.hex}
              onChange={() => props.onChange({ ...value, colour: colour.hex })}
            />
            {colour.hex && (
              <i style={{ color: colour.hex }} aria-hidden="true">
                ●
              </i>
            )}
            {t(`looks.colour.${colour.id as (typeof PALETTE)[number]["id"] | "none"}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
