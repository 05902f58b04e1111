/** Helpers for the sandbox's own tests: API calls, requests through the gateways. */
import http from "node:http";
import type { Socket } from "node:net";
import { SocksClient } from "socks";
import type { SandboxInfo } from "./index";

export type AuthMode = "bearer" | "basic" | "none" | { header: string };

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests poke into loosely typed JSON
  json: any;
}

export function authHeader(sb: SandboxInfo, mode: AuthMode): string | undefined {
  if (mode === "none") return undefined;
  if (mode === "bearer") return `Bearer ${sb.accessToken}`;
  if (mode === "basic") {
    return `Basic ${Buffer.from(`${sb.username}:${sb.password}`).toString("base64")}`;
  }
  return mode.header;
}

export async function api(
  sb: SandboxInfo,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string; auth?: AuthMode } = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = {};
  const auth = authHeader(sb, opts.auth ?? "bearer");
  if (auth) headers.authorization = auth;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${sb.baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export function control(sb: SandboxInfo, method: string, path: string, body?: unknown) {
  return api(sb, method, `/__sandbox/${path}`, { body, auth: "none" });
}

export async function create(
  sb: SandboxInfo,
  path:
    | "/token/static/ip"
    | "/token/variable/ip"
    | "/token/static/traffic"
    | "/token/variable/traffic",
  body: Record<string, unknown>,
) {
  const r = await api(sb, "POST", path, { body: { number: 1, country_id: 1, ...body } });
  if (r.status !== 200) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.json;
}

export interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

function collect(req: http.ClientRequest): Promise<Raw> {
  return new Promise((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("request timed out")));
    req.end();
  });
}

/** A plain HTTP request through an HTTP proxy (absolute URL + Proxy-Authorization). */
export function viaHttpProxy(opts: {
  proxyHost: string;
  proxyPort: number;
  url: string;
  username?: string;
  password?: string;
  headers?: Record<string, string>;
}): Promise<Raw> {
  const headers: Record<string, string> = { host: new URL(opts.url).host, ...opts.headers };
  if (opts.username !== undefined) {
    headers["proxy-authorization"] = basic(opts.username, opts.password ?? "");
  }
  return collect(
    http.request({
      host: opts.proxyHost,
      port: opts.proxyPort,
      path: opts.url,
      headers,
      agent: false,
    }),
  );
}

/** Opens a CONNECT tunnel; resolves with the proxy's status and, on 200, the tunnel socket. */
export function connectTunnel(opts: {
  proxyHost: string;
  proxyPort: number;
  target: string;
  username?: string;
  password?: string;
}): Promise<{ status: number; socket: Socket }> {
  const headers: Record<string, string> = { host: opts.target };
  if (opts.username !== undefined) {
    headers["proxy-authorization"] = basic(opts.username, opts.password ?? "");
  }
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: opts.proxyHost,
      port: opts.proxyPort,
      method: "CONNECT",
      path: opts.target,
      headers,
      agent: false,
    });
    req.on("connect", (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, socket: res.socket });
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("CONNECT timed out")));
    req.end();
  });
}

/** An HTTP GET over an already-open socket (a tunnel or a SOCKS connection). */
export function getOverSocket(socket: Socket, url: string): Promise<Raw> {
  const u = new URL(url);
  return collect(
    http.request({
      host: u.hostname,
      port: u.port,
      path: `${u.pathname}${u.search}`,
      createConnection: () => socket,
      headers: { connection: "close" },
    }),
  );
}

/** GET through a SOCKS5 proxy with username/password auth. */
export async function viaSocks(opts: {
  proxyHost: string;
  proxyPort: number;
  url: string;
  username: string;
  password: string;
}): Promise<Raw> {
  const u = new URL(opts.url);
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: opts.proxyHost,
      port: opts.proxyPort,
      type: 5,
      userId: opts.username,
      password: opts.password,
    },
    command: "connect",
    destination: { host: u.hostname, port: Number(u.port) },
    timeout: 5000,
  });
  return getOverSocket(socket, opts.url);
}
