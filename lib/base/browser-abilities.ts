/**
 * What this browser's proxy API can do, decided here once for the engine, the background and
 * the pages alike (each asked it its own way before: the platform, "is there a Firefox API",
 * the build's target, the login rule).
 */
export interface BrowserAbilities {
  /** Firefox sends SOCKS5 logins in its ProxyInfo; Chrome cannot sign in to SOCKS5 at all. */
  readonly supportsSocksAuth: boolean;
  /**
   * Chrome keeps one cached login per proxy host:port as written: site rules spell a shared
   * gateway twice (lib/routing/plan.ts). Firefox sends credentials per request.
   */
  readonly oneLoginPerEndpoint: boolean;
}

export const CHROME_ABILITIES: BrowserAbilities = {
  supportsSocksAuth: false,
  oneLoginPerEndpoint: true,
};

export const FIREFOX_ABILITIES: BrowserAbilities = {
  supportsSocksAuth: true,
  oneLoginPerEndpoint: false,
};

/** The browser this build is for (wxt builds one per browser). */
export const THIS_BROWSER: BrowserAbilities = import.meta.env.FIREFOX
  ? FIREFOX_ABILITIES
  : CHROME_ABILITIES;
