/**
 * The provider API over node:http: faults, routing, authentication, rate limiting, handlers,
 * and the /__sandbox/ control endpoints.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Context } from "./context";
import { CONTROL_PREFIX, handleControl, sweepPurged } from "./control";
import type { Fault } from "./faults";
import { errorReply, HttpError, type Reply, readJsonBody, sleep } from "./http-util";
import { normalizeIp } from "./ip-info";
import { matchRoute, REFRESH_PATH } from "./routes";
import { LIST_PREFIX } from "./rule-lists";

/** Checks `Authorization`; returns why it fails, or null when it is the account's credentials. */
export function authFailure(ctx: Context, header: string | undefined): string | null {
  if (!header?.trim()) return "missing Authorization header (Bearer or Basic)";
  const [scheme = "", ...rest] = header.trim().split(/\s+/);
  const value = rest.join(" ");
  switch (scheme.toLowerCase()) {
    case "bearer":
      return value === ctx.credentials.accessToken ? null : "invalid bearer token";
    case "basic": {
      const decoded = Buffer.from(value, "base64").toString("utf8");
      const sep = decoded.indexOf(":");
      const user = decoded.slice(0, sep);
      const pass = decoded.slice(sep + 1);
      const good =
        sep >= 0 && user === ctx.credentials.username && pass === ctx.credentials.password;
      return good ? null : "invalid username or password";
    }
    default:
      return `unsupported authorization scheme "${scheme}"`;
  }
}

const isBasic = (header: string | undefined) => /^\s*basic\s/i.test(header ?? "");
/** The operations the spec lists with Bearer: token operations, regions, plans, IP quality. */
const bearerOnly = (path: string) =>
  path.startsWith("/token/") || path.startsWith("/api/v1/ip-quality/");

function rateLimited(retryAfter: number): Reply {
  return {
    status: 429,
    body: {
      code: 429,
      message: "Too Many Requests",
      error: "too many requests: rate limit exceeded",
    },
    headers: { "retry-after": String(retryAfter) },
  };
}

function faultReply(status: number, retryAfter: number): Reply {
  if (status === 429) return rateLimited(retryAfter);
  return errorReply(status, `injected fault: HTTP ${status}`);
}

/** A moved-elsewhere answer: what a misconfigured or hijacked provider address might send. */
function redirectReply(fault: { status: number; origin: string }, pathAndQuery: string): Reply {
  const location = `${fault.origin}${pathAndQuery}`;
  return {
    ...errorReply(fault.status, `injected fault: moved to ${location}`),
    headers: { location },
  };
}

async function route(ctx: Context, req: IncomingMessage, url: URL): Promise<Reply> {
  const method = req.method ?? "GET";
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, "") : url.pathname;
  const match = matchRoute(method, path);
  if (match === null) return errorReply(404, `no operation at ${method} ${url.pathname}`);
  if ("allowed" in match) {
    return errorReply(405, `${method} is not allowed on ${url.pathname}`, {
      allow: match.allowed.join(", "),
    });
  }
  // The refresh_post_only quirk: a provider whose refresh call takes POST only.
  if (ctx.quirks.refreshPostOnly && method === "GET" && REFRESH_PATH.test(path)) {
    return errorReply(405, `${method} is not allowed on ${url.pathname}`, { allow: "POST" });
  }
  if (match.route.auth) {
    const failure = authFailure(ctx, req.headers.authorization);
    if (failure) return errorReply(401, failure);
    // The strict_auth quirk: Bearer only where the spec lists Bearer.
    if (ctx.quirks.strictAuth && bearerOnly(path) && isBasic(req.headers.authorization)) {
      return errorReply(401, "this operation takes a Bearer access token, not Basic credentials");
    }
    const retryAfter = ctx.limiter.hit();
    if (retryAfter !== null) return rateLimited(retryAfter);
    ctx.requestCount++;
  }
  await sweepPurged(ctx);
  const body = match.route.body ? await readJsonBody(req) : undefined;
  return match.route.handle(ctx, {
    params: match.params,
    query: url.searchParams,
    body,
    remoteAddress: normalizeIp(req.socket.remoteAddress ?? ""),
  });
}

function toReply(error: unknown): Reply {
  if (error instanceof HttpError) return errorReply(error.status, error.detail, error.headers);
  return errorReply(500, `internal error: ${(error as Error).message}`);
}

async function safely(fn: () => Promise<Reply>): Promise<Reply> {
  try {
    return await fn();
  } catch (error) {
    return toReply(error);
  }
}

async function answer(
  ctx: Context,
  req: IncomingMessage,
): Promise<{ reply: Reply; fault?: Fault }> {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  if (url.pathname.startsWith(CONTROL_PREFIX)) {
    const method = req.method ?? "GET";
    const path = url.pathname.replace(/\/$/, "");
    return {
      reply: await safely(async () => {
        const body = method === "GET" ? undefined : await readJsonBody(req);
        return handleControl(ctx, method, path, body);
      }),
    };
  }
  const fault = ctx.faults.next(req.method ?? "GET");
  if (fault?.kind === "status") return { reply: faultReply(fault.status, fault.retryAfter) };
  if (fault?.kind === "redirect") return { reply: redirectReply(fault, req.url ?? "/") };
  if (fault?.kind === "delay") await sleep(fault.delayMs);
  if (fault?.kind === "hold") await ctx.faults.hold();
  return { reply: await safely(() => route(ctx, req, url)), fault };
}

function send(ctx: Context, res: ServerResponse, reply: Reply, fault: Fault | undefined): void {
  if (reply.after) {
    const after = reply.after;
    res.once("close", () => void after().catch(() => undefined));
  }
  if (fault?.kind === "drop_after_commit") {
    // The operation ran and its state is committed; the client never hears about it.
    res.socket?.destroy();
    return;
  }
  let text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
  if (fault?.kind === "oversize") {
    void streamOversize(ctx, res, reply, text, fault);
    return;
  }
  let status = reply.status;
  if (fault?.kind === "malformed") {
    // A strict prefix of a JSON object is never valid JSON.
    text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    status = 200;
  }
  res.writeHead(status, {
    ...reply.headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
  });
  res.end(text);
}

const PAD_CHUNK = Buffer.alloc(64 * 1024, " ");

/**
 * The real answer followed by `padBytes` of whitespace (still valid JSON), chunked and without
 * Content-Length so only reading tells the client how big it is. Writes wait for the socket
 * (backpressure), or for `chunkDelayMs` to trickle, and stop when the client hangs up; the
 * progress is kept for GET /faults.
 */
async function streamOversize(
  ctx: Context,
  res: ServerResponse,
  reply: Reply,
  text: string,
  { padBytes, chunkDelayMs }: { padBytes: number; chunkDelayMs: number },
): Promise<void> {
  const head = Buffer.from(text);
  const progress = {
    bytes_total: head.length + padBytes,
    bytes_sent: 0,
    finished: false,
    client_closed: false,
  };
  ctx.faults.lastOversize = progress;
  res.once("close", () => {
    progress.client_closed = !progress.finished;
  });
  res.writeHead(reply.status, {
    ...reply.headers,
    "content-type": "application/json; charset=utf-8",
  });
  const write = async (chunk: Buffer) => {
    if (res.destroyed) return false;
    progress.bytes_sent += chunk.length;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        res.once("drain", resolve);
        res.once("close", resolve);
      });
    }
    return !res.destroyed;
  };
  if (!(await write(head))) return;
  for (let left = padBytes; left > 0; left -= PAD_CHUNK.length) {
    if (chunkDelayMs > 0) await sleep(chunkDelayMs);
    if (!(await write(PAD_CHUNK.subarray(0, Math.min(left, PAD_CHUNK.length))))) return;
  }
  progress.finished = true;
  res.end();
}

export function createApiServer(ctx: Context): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (req.method === "GET" && path.startsWith(LIST_PREFIX)) {
      void ctx.ruleLists
        .serve(req, res, decodeURIComponent(path.slice(LIST_PREFIX.length)))
        .catch(() => res.socket?.destroy());
      return;
    }
    answer(ctx, req)
      .catch((error: unknown) => ({ reply: toReply(error), fault: undefined }))
      .then(({ reply, fault }) => send(ctx, res, reply, fault))
      .catch(() => res.socket?.destroy());
  });
}
