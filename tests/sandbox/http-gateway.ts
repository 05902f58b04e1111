/**
 * HTTP proxy gateway (proxy-chain). One listener on 127.0.0.1:<port> serves every static HTTP
 * token; each dynamic HTTP token gets a listener of its own on <token ip>:<port>. Upstream
 * connections leave from the token's exit address, for plain requests and CONNECT tunnels alike.
 */
import dns from "node:dns";
import { Server } from "proxy-chain";
import { GATEWAY_HOST } from "./context";
import { decideAndLog, type LogDeps } from "./gateway-auth";

interface Listener {
  server: Server;
  /** proxy-chain connection id -> token id, for traffic counting and dropping. */
  connections: Map<number, number>;
}

export type GatewayDeps = LogDeps;

const REALM = "Proxy Deck Sandbox";

const connectionName = (ip: string, connectionId: unknown) => `${ip}#${String(connectionId)}`;

/** A 407 on a kept-open connection, the way a gateway whose login session ended asks again. */
const askAgain = (reason: string) => ({
  statusCode: 407,
  headers: { "Proxy-Authenticate": `Basic realm="${REALM}"`, "Content-Type": "text/plain" },
  body: reason,
});

/** The gateway's answer for a target name that does not exist. */
const noSuchHost = (hostname: string) => ({
  statusCode: 502,
  headers: { "Content-Type": "text/plain" },
  body: `Cannot resolve ${hostname}`,
});

/**
 * Names under `.test` (RFC 2606: never real) reach the sandbox's own loopback sites. Tests use
 * them where Chromium would send a loopback address direct whatever the proxy config says (a
 * PAC script never sees loopback); the test browser maps them the same way
 * (--host-resolver-rules).
 */
const testNamesToLoopback: typeof dns.lookup = ((
  hostname: string,
  options: dns.LookupOptions,
  callback: (...args: unknown[]) => void,
) => {
  const name = hostname.toLowerCase();
  const target = name === "test" || name.endsWith(".test") ? "127.0.0.1" : hostname;
  dns.lookup(target, options, callback as never);
}) as typeof dns.lookup;

export class HttpGateway {
  private readonly listeners = new Map<string, Listener>();
  port = 0;

  constructor(private readonly deps: GatewayDeps) {}

  /** Starts the shared listener; returns the port actually bound. */
  async start(port: number): Promise<number> {
    this.port = port;
    const main = await this.listen(GATEWAY_HOST);
    this.port = main.server.port;
    return this.port;
  }

  async open(ip: string): Promise<void> {
    if (this.listeners.has(ip)) return;
    await this.listen(ip);
  }

  async closeListener(ip: string): Promise<void> {
    const l = this.listeners.get(ip);
    if (!l) return;
    this.listeners.delete(ip);
    await l.server.close(true);
  }

  dropToken(tokenId: number): void {
    for (const l of this.listeners.values()) {
      for (const [connectionId, owner] of l.connections) {
        if (owner === tokenId) l.server.closeConnection(connectionId);
      }
    }
  }

  async close(): Promise<void> {
    const all = [...this.listeners.keys()];
    await Promise.all(all.map((ip) => this.closeListener(ip)));
  }

  /** Every client connection of every listener, as the behaviour switches name them. */
  *openConnections(): Iterable<string> {
    for (const [ip, l] of this.listeners) {
      for (const id of l.server.getConnectionIds()) yield connectionName(ip, id);
    }
  }

  /** Cuts every client connection of every listener (a gateway under strain, a failover). */
  cutAll(): void {
    for (const l of this.listeners.values()) l.server.closeConnections();
  }

  private async listen(ip: string): Promise<Listener> {
    const connections = new Map<number, number>();
    const server = new Server({
      host: ip,
      port: this.port,
      authRealm: REALM,
      prepareRequestFunction: async ({
        username,
        password,
        hostname,
        port: targetPort,
        connectionId,
        isHttp,
      }) => {
        const request = {
          username,
          password,
          target: `${hostname}:${targetPort}`,
          connection: connectionName(ip, connectionId),
        };
        const listener = { ip, port: server.port };
        const d = decideAndLog(this.deps, "http", listener, request, () => this.openConnections());
        if (!d.ok && d.result === "cut") {
          setImmediate(() => this.cutAll());
          return { requestAuthentication: true, failMsg: d.reason };
        }
        if (!d.ok) {
          // A real gateway asking a valid login again keeps the connection open (proxy-chain
          // closes it after every 407 of its own; a CONNECT's 407 closes it here too).
          if (d.askedAgain && isHttp) return { customResponseFunction: () => askAgain(d.reason) };
          return { requestAuthentication: true, failMsg: d.reason };
        }
        if (d.stallMs > 0) await new Promise((resolve) => setTimeout(resolve, d.stallMs));
        // A name that cannot exist (RFC 6761): a real gateway's resolver says so at once, and
        // the gateway answers 502 (what a health check's probe meets after the login).
        if (isHttp && /\.invalid\.?$/i.test(hostname)) {
          return { customResponseFunction: () => noSuchHost(hostname) };
        }
        connections.set(connectionId, d.token.id);
        return { localAddress: d.token.ip, ipFamily: 4, dnsLookup: testNamesToLoopback };
      },
    });
    server.on("connectionClosed", ({ connectionId, stats }) => {
      this.deps.behaviour.closed(connectionName(ip, connectionId));
      const tokenId = connections.get(connectionId);
      connections.delete(connectionId);
      if (tokenId !== undefined && stats) {
        this.deps.store.addTraffic(tokenId, stats.srcTxBytes + stats.srcRxBytes);
      }
    });
    // Upstream failures are answered by proxy-chain (502 and friends); nothing to add here.
    server.on("requestFailed", () => {});
    await server.listen();
    const listener = { server, connections };
    this.listeners.set(ip, listener);
    return listener;
  }
}
