/** Shared pieces of the API server: replies, the error envelope, body and query parsing. */
import { type IncomingMessage, STATUS_CODES } from "node:http";

export interface Reply {
  status: number;
  /** Serialised as JSON unless it is already a string. */
  body: unknown;
  headers?: Record<string, string>;
  /** Runs once the answer has been written (or dropped), e.g. to close the address it used. */
  after?: () => Promise<void>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function ok(body: unknown, headers?: Record<string, string>): Reply {
  return { status: 200, body, headers };
}

/** The error envelope of the spec: code = HTTP status, message = status text, error = detail. */
export function errorReply(
  status: number,
  detail: string,
  headers?: Record<string, string>,
): Reply {
  return {
    status,
    body: { code: status, message: STATUS_CODES[status] ?? "Error", error: detail },
    headers,
  };
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const notFound = (detail: string) => new HttpError(404, detail);

const MAX_BODY = 1024 * 1024;

/** Reads a JSON body; undefined when the body is empty. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw badRequest("request body too large (limit 1 MiB)");
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("request body is not valid JSON");
  }
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/** Path id: a non-negative decimal integer. */
export function parseId(raw: string, name = "token_id"): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
    throw badRequest(`${name} must be an integer (got "${raw}")`);
  }
  return n;
}

/** Query boolean: true/false/1/0, case-insensitive; undefined when absent. */
export function queryBool(q: URLSearchParams, name: string): boolean | undefined {
  const raw = q.get(name);
  if (raw === null || raw === "") return undefined;
  const v = raw.toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw badRequest(`${name} must be true or false (got "${raw}")`);
}

/** Query integer with bounds; the default when absent. */
export function queryInt(
  q: URLSearchParams,
  name: string,
  opts: { min: number; max?: number; def?: number },
): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === "") {
    if (opts.def === undefined) return undefined;
    return opts.def;
  }
  const n = Number(raw);
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n) || n < opts.min || n > max) {
    const range = opts.max === undefined ? `>= ${opts.min}` : `between ${opts.min} and ${max}`;
    throw badRequest(`${name} must be an integer ${range} (got "${raw}")`);
  }
  return n;
}

/** Body integer; undefined when absent or null. */
export function bodyInt(
  b: Record<string, unknown>,
  name: string,
  opts: { min?: number; max?: number; required?: boolean } = {},
): number | undefined {
  const v = b[name];
  if (v === undefined || v === null) {
    if (opts.required) throw badRequest(`${name} is required`);
    return undefined;
  }
  const min = opts.min ?? Number.MIN_SAFE_INTEGER;
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) {
    const range = opts.max === undefined ? "an integer" : `an integer between ${min} and ${max}`;
    throw badRequest(`${name} must be ${range} (got ${JSON.stringify(v)})`);
  }
  return v;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
