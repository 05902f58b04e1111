/**
 * Rule lists served by URL, as a list host (GitHub, a CDN) serves them: `GET /lists/<name>`
 * with an ETag and a Last-Modified date, answering conditional requests with 304. A test sets
 * each list's text and its odd behaviour (a status, HTML, a slow or huge answer, a redirect)
 * through POST /__sandbox/lists/<name>, and reads who fetched what at GET /__sandbox/list-log.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import { badRequest, requireObject } from "./http-util";
import { testCertificate } from "./test-certificate";

export const LIST_PREFIX = "/lists/";

export interface ListConfig {
  text: string;
  contentType: string;
  /** Answer this status (with `text`) instead of the list: a 500, a 404. */
  status: number;
  delayMs: number;
  /** Answer 302 to this address instead. */
  redirectTo: string | null;
  /** Stream this many more bytes after the text, without Content-Length (a runaway answer). */
  padBytes: number;
  etag: string;
  lastModified: string;
}

export interface ListFetch {
  name: string;
  status: number;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  /** The address the request came from: 127.0.0.1 direct, a token's exit through its gateway. */
  remoteAddress: string;
}

const PAD = Buffer.alloc(64 * 1024, "a");

/** The socket took the last chunk, or the client hung up (each wait's listeners removed). */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });

export class RuleLists {
  private readonly lists = new Map<string, ListConfig>();
  readonly log: ListFetch[] = [];

  reset(): void {
    this.lists.clear();
    this.log.length = 0;
  }

  /** POST /__sandbox/lists/<name>: the fields it names change; the text changes the ETag. */
  configure(name: string, body: unknown): ListConfig {
    const input = requireObject(body);
    const old = this.lists.get(name);
    const text = input.text ?? old?.text ?? "";
    if (typeof text !== "string") throw badRequest('"text" must be a string');
    const number = (key: string, fallback: number) => {
      const value = input[key] ?? fallback;
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
        throw badRequest(`"${key}" must be a non-negative integer`);
      return value;
    };
    const redirectTo = input.redirect_to === undefined ? null : input.redirect_to;
    if (redirectTo !== null && typeof redirectTo !== "string")
      throw badRequest('"redirect_to" must be an address');
    const changed = !old || old.text !== text;
    const config: ListConfig = {
      text,
      contentType: String(input.content_type ?? old?.contentType ?? "text/plain; charset=utf-8"),
      status: number("status", 200),
      delayMs: number("delay_ms", 0),
      redirectTo,
      padBytes: number("pad_bytes", 0),
      etag: changed ? `"${createHash("sha1").update(text).digest("hex")}"` : old.etag,
      // A second after the last change's: If-Modified-Since has whole seconds.
      lastModified: changed
        ? new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString()
        : old.lastModified,
    };
    this.lists.set(name, config);
    return config;
  }

  async serve(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const list = this.lists.get(name);
    const ifNoneMatch = req.headers["if-none-match"] ?? null;
    const ifModifiedSince = req.headers["if-modified-since"] ?? null;
    const remoteAddress = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    const logged = (status: number) =>
      this.log.push({ name, status, ifNoneMatch, ifModifiedSince, remoteAddress });
    if (!list) {
      logged(404);
      res.writeHead(404, { "content-type": "text/plain" }).end("no such list");
      return;
    }
    if (list.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, list.delayMs));
    if (list.redirectTo) {
      logged(302);
      res.writeHead(302, { location: list.redirectTo }).end();
      return;
    }
    const unchanged =
      list.status === 200 &&
      (ifNoneMatch === list.etag ||
        (ifNoneMatch === null &&
          ifModifiedSince !== null &&
          Date.parse(ifModifiedSince) >= Date.parse(list.lastModified)));
    const status = unchanged ? 304 : list.status;
    logged(status);
    const headers = { etag: list.etag, "last-modified": list.lastModified };
    if (unchanged) {
      res.writeHead(304, headers).end();
      return;
    }
    const text = Buffer.from(list.text);
    if (list.padBytes === 0) {
      res.writeHead(status, {
        ...headers,
        "content-type": list.contentType,
        "content-length": String(text.length),
      });
      res.end(text);
      return;
    }
    res.writeHead(status, { ...headers, "content-type": list.contentType });
    res.write(text);
    for (let left = list.padBytes; left > 0 && !res.destroyed; left -= PAD.length) {
      const chunk = PAD.subarray(0, Math.min(left, PAD.length));
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  }
}

/** The lists over HTTPS (a self-signed certificate for 127.0.0.1 and every `.test` name). */
export async function createListServer(lists: RuleLists): Promise<Server> {
  return createServer(await testCertificate(), (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (req.method !== "GET" || !path.startsWith(LIST_PREFIX)) {
      res.writeHead(404).end();
      return;
    }
    lists
      .serve(req, res, decodeURIComponent(path.slice(LIST_PREFIX.length)))
      .catch(() => res.socket?.destroy());
  });
}
