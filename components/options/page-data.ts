/** What every Options page is given: the stored state it reads, loaded once by the page frame. */
import type { Settings } from "@/lib/state/settings";
import type { Connection, ProxyStatus } from "@/lib/state/status";
import type { StoredToken } from "@/lib/state/tokens";

export interface PageData {
  settings: Settings;
  status: ProxyStatus;
  connection: Connection;
  tokens: StoredToken[];
}
