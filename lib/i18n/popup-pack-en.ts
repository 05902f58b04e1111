/**
 * The popup's English pack (see popup-language.ts): tables only, no code, so it loads and runs
 * beside the page's own modules instead of waiting for them.
 */
import { en as failures } from "./failure-strings-en";
import { en as popup } from "./popup-strings-en";

export const pack = { language: "en", popup, failures } as const;
