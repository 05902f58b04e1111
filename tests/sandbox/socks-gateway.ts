/**
 * SOCKS5 gateway: RFC 1929 username/password auth, CONNECT only. The protocol is handled by
 * @pondwader/socks5-server; the listening sockets are ours (one on 127.0.0.1:<port> for static
 * SOCKS5 tokens, one per dynamic SOCKS5 token on its own address) so that the listener address
 * decides which tokens are valid and close() can cut every connection.
 */
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { Socks5Server } from "@pondwader/socks5-server";
import { GATEWAY_HOST } from "./context";
import { decide, logDecision } from "./gateway-auth";
import { hostPort } from "./gateway-log";
import type { GatewayDeps } from "./http-gateway";
import type { Token } from "./state";

interface Listener {
  server: Server;
  sockets: Set<Socket>;
}

interface Meta {
  token?: Token;
  listener?: { ip: string; port: number };
}

/** Sockets whose client reached the username/password step. */
const seenAuth = new WeakSet<Socket>();

export class SocksGateway {
  private readonly listeners = new Map<string, Listener>();
  private readonly byToken = new Map<number, Set<Socket>>();
  private readonly protocol = new Socks5Server();
  port = 0;

  constructor(private readonly deps: GatewayDeps) {
    this.protocol.setAuthHandler((conn) => {
      const socket = conn.socket as Socket;
      const meta = conn.metadata as Meta;
      seenAuth.add(socket);
      const listener = { ip: socket.localAddress ?? "", port: socket.localPort ?? 0 };
      const d = decide(this.deps.store, "socks5", listener.ip, conn.username, conn.password);
      if (!d.ok) {
        // Refused during the handshake: the target is not known yet, so it is logged as "".
        logDecision(this.deps, "socks5", listener, conn.username, "", d);
        return false;
      }
      meta.token = d.token;
      meta.listener = listener;
      return true;
    });
    this.protocol.setConnectionHandler((conn, sendStatus) => {
      const { token, listener } = conn.metadata as Meta;
      const client = conn.socket as Socket;
      if (!token || !listener) return sendStatus("CONNECTION_NOT_ALLOWED");
      if (conn.command !== "connect") return sendStatus("COMMAND_NOT_SUPPORTED");
      const target = `${conn.destAddress}:${conn.destPort}`;
      logDecision(this.deps, "socks5", listener, token.username, target, { ok: true, token });
      this.track(token.id, client);
      client.once("close", () => {
        this.deps.store.addTraffic(token.id, client.bytesRead + client.bytesWritten);
      });
      const upstream = createConnection({
        host: conn.destAddress,
        port: conn.destPort,
        localAddress: token.ip,
        family: 4,
      });
      let opened = false;
      upstream.on("error", (err: NodeJS.ErrnoException) => {
        if (opened) return client.destroy();
        sendStatus(err.code === "ECONNREFUSED" ? "CONNECTION_REFUSED" : "HOST_UNREACHABLE");
      });
      upstream.on("connect", () => {
        opened = true;
        sendStatus("REQUEST_GRANTED");
        client.pipe(upstream).pipe(client);
      });
      client.on("error", () => upstream.destroy());
      client.on("close", () => upstream.destroy());
    });
  }

  async start(port: number): Promise<number> {
    this.port = port;
    const main = await this.listen(GATEWAY_HOST);
    const address = main.server.address();
    this.port = typeof address === "object" && address ? address.port : port;
    return this.port;
  }

  async open(ip: string): Promise<void> {
    if (!this.listeners.has(ip)) await this.listen(ip);
  }

  async closeListener(ip: string): Promise<void> {
    const l = this.listeners.get(ip);
    if (!l) return;
    this.listeners.delete(ip);
    for (const s of l.sockets) s.destroy();
    await new Promise<void>((resolve) => l.server.close(() => resolve()));
  }

  dropToken(tokenId: number): void {
    for (const s of this.byToken.get(tokenId) ?? []) s.destroy();
    this.byToken.delete(tokenId);
  }

  async close(): Promise<void> {
    await Promise.all([...this.listeners.keys()].map((ip) => this.closeListener(ip)));
  }

  private track(tokenId: number, socket: Socket): void {
    let set = this.byToken.get(tokenId);
    if (!set) {
      set = new Set();
      this.byToken.set(tokenId, set);
    }
    set.add(socket);
    socket.once("close", () => set.delete(socket));
  }

  private listen(ip: string): Promise<Listener> {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      const listener = hostPort(socket.localAddress ?? "", socket.localPort ?? 0);
      sockets.add(socket);
      socket.setNoDelay();
      socket.on("error", () => {});
      socket.once("close", () => {
        sockets.delete(socket);
        this.logMissingAuth(socket, listener);
      });
      this.protocol._handleConnection(socket);
    });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, ip, () => {
        server.off("error", reject);
        const listener = { server, sockets };
        this.listeners.set(ip, listener);
        resolve(listener);
      });
    });
  }

  /**
   * A client that offers no username/password method is turned away by the library before our
   * auth handler runs; log it as "auth-required" when the socket closes.
   */
  private logMissingAuth(socket: Socket, listener: string): void {
    if (seenAuth.has(socket) || socket.bytesRead === 0) return;
    this.deps.log.add({
      at: this.deps.clock.iso(),
      gateway: "socks5",
      listener,
      username: null,
      target: "",
      result: "auth-required",
      reason: "No username/password authentication offered.",
    });
  }
}
