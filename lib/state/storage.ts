/**
 * TEMPORARY re-exports while the pages move to the state store (lib/state/store.ts).
 * Removed before this change lands.
 */
import { decode } from "./items";
import { read, updateState } from "./store";

export { items } from "./items";
export * from "./settings";
export * from "./status";
export const readSettings = () => read("settings");
export const readConnection = () => read("connection");
export const readStatus = () => read("status");
export const readTokens = () => read("tokens");
export const readTrash = () => read("trash");
export const parseTokens = (raw: unknown) => ({ valid: decode("tokens", raw) });
export const saveSettings = (settings: import("./settings").Settings) =>
  updateState(["settings"], () => ({ write: { settings }, result: undefined }));
