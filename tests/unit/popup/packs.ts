/** The English and Simplified Chinese popup packs, made as the build makes them. */
import { popupPackOf } from "../../../lib/i18n/popup-pack-of";
import { catalogOf } from "../catalogs";

export const en = popupPackOf("en");
export const zh = popupPackOf("zh_CN", catalogOf("zh_CN"));
