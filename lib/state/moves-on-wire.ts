/**
 * Deletes and restores sent whose answer never came, by token id: the provider may have done
 * them (lib/background/done-before.ts reads a later repeat's refusal with this).
 */
import * as z from "zod/mini";

export const moveSchema = z.enum(["delete", "restore"]);
export type Move = z.infer<typeof moveSchema>;

export const movesOnWireSchema = z.record(z.string(), moveSchema);
export type MovesOnWire = z.infer<typeof movesOnWireSchema>;
