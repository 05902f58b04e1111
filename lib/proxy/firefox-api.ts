/** The Firefox APIs the engine uses, typed here: Chrome's typings lack proxy.onRequest. */

import type { AuthResponse } from "./auth-responder";
import type { ActionApi } from "./badge-writer";
import type { FirefoxProxyInfo, RequestHeader, RequestProxy } from "./config";

/** Firefox's onAuthRequired: for a proxy challenge `challenger` is the site, proxyInfo the proxy. */
interface FirefoxAuthDetails {
  requestId: string;
  isProxy: boolean;
  challenger: { host: string; port: number };
  proxyInfo?: { host: string; port: number } | null;
  tabId?: number;
}

export type HeadersAnswer = { requestHeaders?: RequestHeader[] };

interface RequestEvent {
  addListener(
    listener: (details: { requestId: string; statusCode?: number }) => void,
    filter: { urls: string[] },
  ): void;
  removeListener(listener: (details: { requestId: string; statusCode?: number }) => void): void;
}

/** The Firefox APIs used here (Chrome's typings lack proxy.onRequest). */
export interface FirefoxApi {
  webRequest: {
    onBeforeSendHeaders: {
      addListener(
        listener: (details: {
          requestId?: string;
          requestHeaders?: RequestHeader[];
          proxyInfo?: RequestProxy | null;
        }) => HeadersAnswer | Promise<HeadersAnswer>,
        filter: { urls: string[] },
        extraInfoSpec: ["blocking", "requestHeaders"],
      ): void;
    };
    onHeadersReceived: RequestEvent;
    onErrorOccurred: {
      addListener(
        listener: (details: {
          requestId: string;
          error?: string;
          proxyInfo?: RequestProxy | null;
        }) => void,
        filter: { urls: string[] },
      ): void;
    };
    onAuthRequired: {
      addListener(
        listener: (details: FirefoxAuthDetails) => Promise<AuthResponse>,
        filter: { urls: string[] },
        extraInfoSpec: ["blocking"],
      ): void;
    };
  };
  proxy: {
    onRequest: {
      addListener(
        listener: (details: {
          url: string;
          requestId?: string;
          /** -1 for requests of no tab ("This tab only" routes by it). */
          tabId?: number;
          /** The tab's container (contextualIdentities), e.g. "firefox-container-1". */
          cookieStoreId?: string;
        }) => Promise<FirefoxProxyInfo | { type: "direct" }>,
        filter: { urls: string[] },
      ): void;
    };
    onError: { addListener(listener: (error: { message: string }) => void): void };
    settings: { get(details: object): Promise<{ levelOfControl: string }> };
  };
  action: ActionApi;
}
