/** Ring buffer of gateway decisions, read by tests through GET /__sandbox/gateway-log. */
export type GatewayName = "http" | "socks5";
export type GatewayResult = "ok" | "auth-required" | "refused";

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
}

const CAPACITY = 1000;

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
