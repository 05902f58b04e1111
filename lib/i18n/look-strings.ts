/**
 * Naming and colouring tokens, editing a hand-added proxy, and adding one proxy by its fields
 * (Options), in English and Simplified Chinese.
 */

import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const lookStrings = {
  name: "look",
  en: {
    "looks.heading": "Names and colours",
    "looks.intro":
      "Give a token a name and a colour: they show in the popup, the site rules, the page menu and the toolbar title, so two tokens of one country read apart. Names and colours are kept in backups and synced; passwords never are.",
    "looks.none": "No tokens yet.",
    "looks.edit": "Edit",
    "looks.editLabel": "Edit token #{id}",
    "looks.save": "Save",
    "looks.cancel": "Cancel",
    "looks.saved": "Saved token #{id}.",
    "looks.name": "Token name",
    "looks.nameHint": "Up to 40 characters.",
    "looks.colour": "Token colour",
    "looks.colour.none": "None",
    "looks.colour.red": "Red",
    "looks.colour.orange": "Orange",
    "looks.colour.yellow": "Yellow",
    "looks.colour.green": "Green",
    "looks.colour.blue": "Blue",
    "looks.colour.purple": "Purple",
    "looks.colour.brown": "Brown",
    "looks.colour.grey": "Grey",
    "looks.type": "Proxy type",
    "looks.host": "Proxy host",
    "looks.port": "Proxy port",
    "looks.username": "Proxy username",
    "looks.password": "Proxy password",
    "looks.passwordKeep": "Leave empty to keep the saved password.",
    "looks.problem": "Not saved: {reason}",
    "looks.problem.missing": "the token is no longer in the list.",
    "looks.problem.not-editable": "only a proxy you added can change its address.",
    "looks.problem.duplicate": "another proxy has this host, port and username.",
    "looks.addOne": "Or add one proxy by its fields",
    "looks.addButton": "Add this proxy",
    "looks.added": "Added proxy #{id}. It is in the popup's list.",
    "looks.already": "This proxy is already in the list.",
    "looks.count": "{count, plural, one {# token} other {# tokens}}",
  },
} as const;

export const lookTranslate = translateOf(lookStrings, withPlurals);
export type LookT = ReturnType<ReturnType<typeof lookTranslate>>;
