/**
 * The popup's Simplified Chinese pack (see popup-language.ts): tables only; every key has a
 * translation.
 */
import { zh as failures } from "./failure-strings-zh";
import { zh as popup } from "./popup-strings-zh";

export const pack = { language: "zh_CN", popup, failures } as const;
