/**
 * Closing a test server for good. `closeAllConnections()` ends only the connections that got as
 * far as HTTP, and `close()` waits for the rest: a TLS handshake a gateway stalled or cut (the
 * chaos mode) kept an HTTPS server's close waiting until the test timed out. The server's every
 * socket is tracked from the start and destroyed on close.
 */
import type { Server } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { Socket } from "node:net";

/** Starts tracking the server's sockets; the function it returns closes the server and them. */
export function closingServer(server: Server | HttpsServer): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
}
