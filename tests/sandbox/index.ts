/**
 * The local sandbox provider: the spec's API on 127.0.0.1, an authenticating HTTP proxy gateway
 * and a SOCKS5 gateway that the tokens it creates point at. See README.md in this folder.
 */

import type { Server } from "node:http";
import type { Server as HttpsServer } from "node:https";
import { createApiServer } from "./api-server";
import { Clock } from "./clock";
import { closingServer } from "./closing-server";
import { type Context, type Credentials, GATEWAY_HOST_V6, type GatewayControl } from "./context";
import { Faults } from "./faults";
import { GatewayBehaviour } from "./gateway-behaviour";
import { GatewayLog } from "./gateway-log";
import { HttpGateway } from "./http-gateway";
import { RateLimiter } from "./rate-limit";
import { createListServer, RuleLists } from "./rule-lists";
import { SocksGateway } from "./socks-gateway";
import { Store } from "./state";

export type Plan = "free" | "basic" | "professional" | "enterprise";

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  apiPort?: number;
  proxyPort?: number;
  socksPort?: number;
  /** Rate-limit plan; default "basic". */
  plan?: Plan;
}

export interface SandboxInfo {
  baseUrl: string;
  accessToken: string;
  username: string;
  password: string;
  proxyPort: number;
  socksPort: number;
  /** Where the rule lists are served over HTTPS (self-signed), as `<listsUrl>/<name>`. */
  listsUrl: string;
}

export interface Sandbox extends SandboxInfo {
  info: SandboxInfo;
  close(): Promise<void>;
}

export const SANDBOX_CREDENTIALS: Readonly<Credentials> = {
  accessToken: "sandbox-access-token",
  username: "sandbox-user",
  password: "sandbox-pass",
};

const API_HOST = "127.0.0.1";

function listen(server: Server | HttpsServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, API_HOST, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = new Clock();
  const store = new Store(clock);
  const log = new GatewayLog();
  const behaviour = new GatewayBehaviour();
  const http = new HttpGateway({ store, clock, log, behaviour });
  const socks = new SocksGateway({ store, clock, log, behaviour });
  let ipv6: Promise<boolean> | undefined;
  const openIpv6 = async (): Promise<boolean> => {
    try {
      await http.open(GATEWAY_HOST_V6);
      await socks.open(GATEWAY_HOST_V6);
      return true;
    } catch {
      // No IPv6 loopback here (or the ports are taken on it): serve nothing there at all.
      await Promise.all([
        http.closeListener(GATEWAY_HOST_V6),
        socks.closeListener(GATEWAY_HOST_V6),
      ]);
      return false;
    }
  };
  const gateways: GatewayControl = {
    openDynamic: (t) => (t.networkType === "HTTP" ? http.open(t.ip) : socks.open(t.ip)),
    closeDynamic: (ip, t) =>
      t.networkType === "HTTP" ? http.closeListener(ip) : socks.closeListener(ip),
    dropToken: (id) => {
      http.dropToken(id);
      socks.dropToken(id);
    },
    openHttpConnections: () => http.openConnections(),
    openIpv6: () => {
      ipv6 ??= openIpv6();
      return ipv6;
    },
  };
  const plan = options.plan ?? "basic";
  const ctx: Context = {
    clock,
    store,
    limiter: new RateLimiter(clock, plan),
    faults: new Faults(),
    gatewayLog: log,
    gatewayBehaviour: behaviour,
    quirks: {
      emptyDynamicIp: 0,
      ipv6Host: 0,
      emptyPassword: 0,
      restoreMoves: 0,
      noRestore: 0,
      refreshPostOnly: false,
      strictAuth: false,
    },
    gateways,
    ruleLists: new RuleLists(),
    credentials: { ...SANDBOX_CREDENTIALS },
    initialPlan: plan,
    baseUrl: "",
    proxyPort: 0,
    socksPort: 0,
    requestCount: 0,
  };
  const api = createApiServer(ctx);
  const lists = await createListServer(ctx.ruleLists);
  const [closeApi, closeLists] = [closingServer(api), closingServer(lists)];
  const closeAll = async () => {
    await Promise.all([closeApi(), closeLists(), http.close(), socks.close()]);
  };
  let listsPort = 0;
  try {
    listsPort = await listen(lists, 0);
    ctx.proxyPort = await http.start(options.proxyPort ?? 0);
    ctx.socksPort = await socks.start(options.socksPort ?? 0);
    const apiPort = await listen(api, options.apiPort ?? 0);
    ctx.baseUrl = `http://${API_HOST}:${apiPort}`;
  } catch (error) {
    await closeAll();
    throw error;
  }
  const info: SandboxInfo = {
    baseUrl: ctx.baseUrl,
    ...SANDBOX_CREDENTIALS,
    proxyPort: ctx.proxyPort,
    socksPort: ctx.socksPort,
    listsUrl: `https://${API_HOST}:${listsPort}/lists`,
  };
  let closing: Promise<void> | undefined;
  return {
    ...info,
    info,
    close: () => {
      closing ??= closeAll();
      return closing;
    },
  };
}
