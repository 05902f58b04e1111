/**
 * Loopback exit addresses. Every live token holds one address of 127.0.0.0/8 (never 127.0.0.1,
 * which is the shared gateway's own address). Addresses are handed out in order and not reused
 * until the pool wraps, so a refreshed token never gets an address it or another token just had.
 */
const FIRST = 2; // 127.0.0.2
const LAST = 0xfffffe; // 127.255.255.254

function toIp(n: number): string {
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class AddressPool {
  private cursor = FIRST;
  private readonly used = new Set<string>();
  /** Addresses the OS refused to bind (EADDRINUSE): skipped from then on. */
  private readonly blocked = new Set<string>();

  allocate(): string {
    for (let tries = 0; tries <= LAST; tries++) {
      const n = this.cursor;
      this.cursor = n >= LAST ? FIRST : n + 1;
      const last = n & 255;
      if (last === 0 || last === 255) continue;
      const ip = toIp(n);
      if (this.used.has(ip) || this.blocked.has(ip)) continue;
      this.used.add(ip);
      return ip;
    }
    throw new Error("loopback address pool exhausted");
  }

  release(ip: string): void {
    this.used.delete(ip);
  }

  block(ip: string): void {
    this.used.delete(ip);
    this.blocked.add(ip);
  }

  reset(): void {
    this.cursor = FIRST;
    this.used.clear();
  }
}
