/**
 * A test website that answers with the address each request came from, never cacheable.
 * `/private` answers 401 like a site with its own login; `?images=a.test,b.test` adds an image
 * from each host (and an inline icon: the browser asks for no /favicon.ico), `?count=N` N images
 * from this server. Over HTTPS (self-signed) its requests
 * reach a proxy as CONNECT tunnels. It records which credentials reached the site: a proxy's
 * must never.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { closingServer } from "../sandbox/closing-server";
import { testCertificate } from "../sandbox/test-certificate";

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export interface EchoServer {
  url: string;
  /** Remote address of every request, in order. */
  requestsFrom: string[];
  /** The path of every request, in the same order. */
  requestPaths: string[];
  privateRequestsFrom: string[];
  authorizationHeaders: string[];
  proxyAuthorizationSeen: string[];
  close(): Promise<void>;
}

/** What `/download` sends: 1 MiB in 64 parts. */
export const DOWNLOAD_BYTES = 1_048_576;
const DOWNLOAD_PARTS = 64;

export async function startEchoServer(options: { https?: boolean } = {}): Promise<EchoServer> {
  const echo = {
    requestsFrom: [] as string[],
    requestPaths: [] as string[],
    privateRequestsFrom: [] as string[],
    authorizationHeaders: [] as string[],
    proxyAuthorizationSeen: [] as string[],
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const remote = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    echo.requestsFrom.push(remote);
    echo.requestPaths.push(req.url ?? "");
    if (req.headers.authorization) echo.authorizationHeaders.push(req.headers.authorization);
    const leaked = req.headers["proxy-authorization"];
    if (leaked) echo.proxyAuthorizationSeen.push(leaked);
    if (req.url?.startsWith("/private")) {
      echo.privateRequestsFrom.push(remote);
      res.writeHead(401, {
        "WWW-Authenticate": 'Basic realm="site"',
        "Content-Type": "text/plain",
      });
      res.end("site login required");
      return;
    }
    // `/download?seconds=S`: 1 MiB sent in 64 parts over S seconds (a long download), the
    // address it came from in a header.
    if (req.url?.startsWith("/download")) {
      const seconds = Number(new URL(req.url, "http://x").searchParams.get("seconds")) || 1;
      res.writeHead(200, {
        "Content-Type": "application/octet-stream",
        "Cache-Control": "no-store",
        "X-Remote": remote,
      });
      let sent = 0;
      const timer = setInterval(
        () => {
          res.write(Buffer.alloc(DOWNLOAD_BYTES / DOWNLOAD_PARTS, sent % 251));
          if (++sent < DOWNLOAD_PARTS) return;
          clearInterval(timer);
          res.end();
        },
        (seconds * 1_000) / DOWNLOAD_PARTS,
      );
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (req.url?.startsWith("/pixel")) {
      res.writeHead(200, { "Content-Type": "image/gif", "Cache-Control": "no-store" });
      res.end(PIXEL);
      return;
    }
    // A page that loads an image from each named host (on this server's port): a page whose
    // parts come from other sites, as a CDN's or an API's would.
    const images = new URL(req.url ?? "/", "http://x").searchParams.get("images");
    const port = (req.socket.localPort ?? 0).toString();
    const parts = (images ?? "")
      .split(",")
      .filter((host) => /^[a-z0-9.-]+$/.test(host))
      .map((host) => `<img alt="" src="http://${host}:${port}/pixel?from=${host}">`)
      .join("");
    // `?count=N`: N images from this server (a heavy page), each its own request.
    const count = Math.min(
      5_000,
      Number(new URL(req.url ?? "/", "http://x").searchParams.get("count")) || 0,
    );
    const many = Array.from({ length: count }, (_, i) => `<img alt="" src="/pixel?n=${i}">`).join(
      "",
    );
    res.writeHead(200, {
      "Content-Type": "text/html",
      "Cache-Control": "no-store",
      // A page on the plain echo server reads what the HTTPS one answered (and the reverse).
      "Access-Control-Allow-Origin": "*",
    });
    // A page of parts declares its icon inline: the browser's own /favicon.ico, asked for when
    // it gets round to it (seconds later on a busy machine), is not one of the page's counted
    // requests (it once landed while a test had the route blocked, and counted a third failure).
    const icon = parts ? `<link rel="icon" href="data:,">` : "";
    res.end(`<!doctype html><title>echo</title>${icon}<p id="remote">${remote}</p>${parts}${many}`);
  };
  let server: Server;
  if (options.https) {
    server = createHttpsServer(await testCertificate(), handler);
  } else {
    server = createServer(handler);
  }
  const close = closingServer(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...echo,
    url: `${options.https ? "https" : "http"}://127.0.0.1:${port}`,
    close,
  };
}
