/** The browser APIs the traffic log listens on, as narrow as it uses them (injected, so tests drive them). */

export interface RequestDetails {
  requestId: string;
  url: string;
  tabId: number;
  method: string;
  type: string;
  timeStamp: number;
  statusCode?: number;
  error?: string;
  /** Firefox: the tab's container. */
  cookieStoreId?: string;
}

type Filter = { urls: string[]; types?: string[] };
/** Observing only: a listener returns nothing (no blocking response). */
export type Observer = (details: RequestDetails) => undefined;
interface RequestEvent {
  addListener(listener: Observer, filter: Filter): void;
  removeListener(listener: Observer): void;
}

export interface ViewerPort {
  name: string;
  sender?: { id?: string; url?: string };
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface TrafficApis {
  webRequest: {
    onBeforeRequest: RequestEvent;
    onCompleted: RequestEvent;
    onErrorOccurred: RequestEvent;
  };
  onTabRemoved: { addListener(listener: (tabId: number) => void): void };
  onConnect: { addListener(listener: (port: ViewerPort) => void): void };
}
