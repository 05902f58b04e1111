/**
 * Everything that must survive lives here, in versioned @wxt-dev/storage items, each checked
 * with zod on read. A value that fails its check is never written back over: readers get the
 * fallback, and token writes keep unreadable entries as they were, so no paid token is lost.
 */
import { storage } from "@wxt-dev/storage";
import * as z from "zod/mini";
import { type StoredToken, storedTokenSchema } from "./tokens";
import { type TrashEntry, trashEntrySchema } from "./trash";

// ---------------------------------------------------------------------------------------------
// Settings (storage.local only: they hold the API secrets, which must never sync)
// ---------------------------------------------------------------------------------------------

export const authSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("bearer"), accessToken: z.string().check(z.minLength(1)) }),
  z.object({
    kind: z.literal("basic"),
    username: z.string().check(z.minLength(1)),
    password: z.string().check(z.minLength(1)),
  }),
]);

export const settingsSchema = z.object({
  baseUrl: z.string(),
  auth: z.nullable(authSchema),
  /** Chrome bypass rules; `<-loopback>` sends loopback traffic through the proxy too. */
  bypassList: z.array(z.string()),
  /** 0 turns automatic refresh of a connected dynamic token off. */
  autoRefreshMinutes: z.number().check(z.gte(0)),
  plan: z.enum(["free", "basic", "professional", "enterprise"]),
  webrtcProtection: z.boolean(),
  language: z.enum(["auto", "en", "zh_CN"]),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: "",
  auth: null,
  bypassList: ["<local>"],
  autoRefreshMinutes: 0,
  plan: "free",
  webrtcProtection: false,
  language: "auto",
};

// ---------------------------------------------------------------------------------------------
// Connection intent and the engine's visible state
// ---------------------------------------------------------------------------------------------

export const connectionSchema = z.object({
  /** The token the user wants traffic to go through; null = direct. */
  activeTokenId: z.nullable(z.int()),
  /** The last token used, for the keyboard toggle. */
  lastTokenId: z.nullable(z.int()),
});
export type Connection = z.infer<typeof connectionSchema>;

export const PROXY_ERROR_CODES = [
  "credentials-refused",
  "proxy-unreachable",
  "proxy-error",
  "socks5-unsupported",
  "controlled-by-other",
  "exit-check-failed",
  "token-missing",
  "refresh-failed",
] as const;

export const exitIpSchema = z.object({
  ip: z.string(),
  country: z.string(),
  countryCode: z.string(),
  city: z.string(),
  checkedAt: z.number(),
  /** The token the check went through; null = direct. */
  viaTokenId: z.nullable(z.int()),
});
export type ExitIp = z.infer<typeof exitIpSchema>;

export const proxyStatusSchema = z.object({
  state: z.enum(["direct", "connected", "error"]),
  tokenId: z.nullable(z.int()),
  error: z.nullable(
    z.object({ code: z.enum(PROXY_ERROR_CODES), message: z.string(), at: z.number() }),
  ),
  exitIp: z.nullable(exitIpSchema),
  /** Another extension controls the browser's proxy setting: ours cannot take effect. */
  controlledByOther: z.boolean(),
});
export type ProxyStatus = z.infer<typeof proxyStatusSchema>;
export type ProxyErrorCode = (typeof PROXY_ERROR_CODES)[number];

export const DEFAULT_STATUS: ProxyStatus = {
  state: "direct",
  tokenId: null,
  error: null,
  exitIp: null,
  controlledByOther: false,
};

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

export const items = {
  settings: storage.defineItem<unknown>("local:settings", {
    fallback: DEFAULT_SETTINGS,
    version: 1,
  }),
  tokens: storage.defineItem<unknown[]>("local:tokens", { fallback: [], version: 1 }),
  trash: storage.defineItem<unknown[]>("local:trash", { fallback: [], version: 1 }),
  /** Region lists and payment plans, keyed by query: they rarely change. */
  lookupCache: storage.defineItem<Record<string, { at: number; value: unknown }>>(
    "local:lookupCache",
    { fallback: {} },
  ),
  connection: storage.defineItem<unknown>("local:connection", {
    fallback: { activeTokenId: null, lastTokenId: null },
    version: 1,
  }),
  status: storage.defineItem<unknown>("local:proxyStatus", {
    fallback: DEFAULT_STATUS,
    version: 1,
  }),
  /** Proxy challenges answered per request id, for the loop guard (survives a worker restart). */
  authAttempts: storage.defineItem<Record<string, number>>("session:authAttempts", {
    fallback: {},
  }),
};

function checked<T>(schema: z.ZodMiniType<T>, value: unknown, fallback: T): T {
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}

export const readSettings = async (): Promise<Settings> =>
  checked(settingsSchema, await items.settings.getValue(), DEFAULT_SETTINGS);
export const readConnection = async (): Promise<Connection> =>
  checked(connectionSchema, await items.connection.getValue(), {
    activeTokenId: null,
    lastTokenId: null,
  });
export const readStatus = async (): Promise<ProxyStatus> =>
  checked(proxyStatusSchema, await items.status.getValue(), DEFAULT_STATUS);

/** Valid entries only; entries that fail their check stay untouched in storage. */
function parseList<T>(schema: z.ZodMiniType<T>, raw: unknown): { valid: T[]; invalid: unknown[] } {
  const valid: T[] = [];
  const invalid: unknown[] = [];
  for (const entry of Array.isArray(raw) ? raw : []) {
    const result = schema.safeParse(entry);
    if (result.success) valid.push(result.data);
    else invalid.push(entry);
  }
  return { valid, invalid };
}

export const parseTokens = (raw: unknown) => parseList(storedTokenSchema, raw);

export const readTokens = async (): Promise<StoredToken[]> =>
  parseTokens(await items.tokens.getValue()).valid;
export const readTrash = async (): Promise<TrashEntry[]> =>
  parseList(trashEntrySchema, await items.trash.getValue()).valid;

// One writer at a time: read-modify-write of the token list and trash must not interleave.
let listWrites: Promise<unknown> = Promise.resolve();

function updateList<T, R>(
  item: typeof items.tokens,
  schema: z.ZodMiniType<T>,
  change: (entries: T[]) => { entries: T[]; result: R },
): Promise<R> {
  const run = listWrites.then(async () => {
    const { valid, invalid } = parseList(schema, await item.getValue());
    const { entries, result } = change(valid);
    await item.setValue([...entries, ...invalid]);
    return result;
  });
  listWrites = run.catch(() => undefined);
  return run;
}

export function updateTokens<R>(
  change: (tokens: StoredToken[]) => { tokens: StoredToken[]; result: R },
): Promise<R> {
  return updateList(items.tokens, storedTokenSchema, (entries) => {
    const { tokens, result } = change(entries);
    return { entries: tokens, result };
  });
}

export function updateTrash<R>(
  change: (trash: TrashEntry[]) => { trash: TrashEntry[]; result: R },
): Promise<R> {
  return updateList(items.trash, trashEntrySchema, (entries) => {
    const { trash, result } = change(entries);
    return { entries: trash, result };
  });
}

export const saveSettings = (settings: Settings) =>
  items.settings.setValue(settingsSchema.parse(settings));
export const saveConnection = (connection: Connection) =>
  items.connection.setValue(connectionSchema.parse(connection));
export const saveStatus = (status: ProxyStatus) =>
  items.status.setValue(proxyStatusSchema.parse(status));
