/** Ring buffer of gateway decisions, read by tests through GET /__sandbox/gateway-log. */
export type GatewayName = "http" | "socks5";
/** "cut": the gateway cut every open connection at this request (a behaviour switch). */
export type GatewayResult = "ok" | "auth-required" | "refused" | "cut";

export interface GatewayEvent {
  at: string;
  gateway: GatewayName;
  listener: string;
  username: string | null;
  target: string;
  result: GatewayResult;
  /** Why a request was refused (absent when ok). */
  reason?: string;
  token_id?: number;
  /** The client connection (HTTP gateway: `listener ip#n`), to tell a retry on another one. */
  connection?: string;
  /** How long the gateway stalled this request before letting it through. */
  stalled_ms?: number;
}

const CAPACITY = 1000;

/** `ip:port`, with an IPv6 address in brackets as in a URL (`[::1]:8788`). */
export function hostPort(ip: string, port: number): string {
  return ip.includes(":") ? `[${ip}]:${port}` : `${ip}:${port}`;
}

export class GatewayLog {
  private events: GatewayEvent[] = [];

  add(event: GatewayEvent): void {
    this.events.push(event);
    if (this.events.length > CAPACITY) this.events.splice(0, this.events.length - CAPACITY);
  }

  list(): GatewayEvent[] {
    return [...this.events];
  }

  clear(): void {
    this.events = [];
  }
}
