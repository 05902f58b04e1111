/** A message that arrives at the background, read as one of our commands (or not). */
import { type CommandType, type ParsedCommand, requestSchemas } from "./commands";

const isCommandType = (type: unknown): type is CommandType =>
  typeof type === "string" && Object.hasOwn(requestSchemas, type);

/** A message as a checked command, or null when it is not one of ours. */
export function parseCommand(message: unknown): ParsedCommand | null {
  const type = (message as { type?: unknown } | null)?.type;
  if (!isCommandType(type)) return null;
  const result = requestSchemas[type].safeParse(message);
  return result.success ? (result.data as ParsedCommand) : null;
}
