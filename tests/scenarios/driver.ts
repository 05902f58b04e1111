/**
 * What a scenario asks of a browser, written once for Chromium and Firefox ESR. A scenario
 * (tests/scenarios/*.ts) is steps and expectations in these terms; a driver per browser
 * (tests/e2e/scenario-driver.ts for Playwright, tests/firefox/scenario-driver.ts for the
 * Firefox harness) does each step its browser's way, and each runner's files only register the
 * scenarios with their driver. Where the browsers differ in a way the product handles, the
 * driver names it in `Capabilities`, with why.
 */

import type { CommandType, Reply, ReplyData } from "../../lib/protocol/commands";
import type { CommandOf } from "../../lib/protocol/send";
import type { ProxyStatus } from "../../lib/state/status";
import type { ProviderKind } from "../../lib/state/token-facts";
import type { StoredToken } from "../../lib/state/tokens";
import type { Sandbox } from "../sandbox/index";
import type { EchoServer } from "../support/echo-server";
import type { Sent } from "../support/gateway-moods";
import { guard } from "../support/pace";
import type { SyncAreaAccess } from "../support/sync-carry";

/** The matchers the scenarios use, as both runners' `expect` has them. */
export interface Matchers<R> {
  toBe(expected: unknown): R;
  toEqual(expected: unknown): R;
  toMatchObject(expected: Record<string, unknown> | unknown[]): R;
  toContain(expected: unknown): R;
  toBeNull(): R;
  toBeUndefined(): R;
  toBeTruthy(): R;
  toBeGreaterThan(expected: number): R;
  toBeGreaterThanOrEqual(expected: number): R;
  toBeLessThanOrEqual(expected: number): R;
}

/** Playwright's `expect` or Vitest's: one assertion language for both runners. */
export interface Expect {
  (actual: unknown, message?: string): Matchers<void> & { not: Matchers<void> };
  /** Probes until the matcher holds (10 s unless told: each driver sets the same default). */
  poll<T>(
    probe: () => T | Promise<T>,
    options?: { timeout?: number; message?: string },
  ): Matchers<Promise<void>> & { not: Matchers<Promise<void>> };
  arrayContaining(expected: readonly unknown[]): unknown;
  objectContaining(expected: Record<string, unknown>): unknown;
}

/** The poll timeout both drivers give `expect.poll` unless a scenario says otherwise. */
export const POLL_TIMEOUT_MS = guard(10_000);

/** Where a page load went, as the echo server saw it. */
export type Route = "direct" | "blocked" | "arrived, not loaded";

/** A page of the extension (Options or the popup), read through its DOM. */
export interface View {
  /** The text of the first element matching `selector`, "" when there is none. */
  text(selector: string): Promise<string>;
  /** How many elements match `selector`. */
  count(selector: string): Promise<number>;
  /** How many of them are shown (`checkVisibility`). */
  shown(selector: string): Promise<number>;
  /** A checkbox, found by its accessible name. */
  checkbox(name: string): { click(): Promise<void>; checked(): Promise<boolean> };
  close(): Promise<void>;
}

/** One browser profile with the extension: a browser of its own. */
export interface Profile {
  /** Commands sent from an extension page, as the popup sends them. */
  send<K extends CommandType>(command: CommandOf<K>): Promise<Reply<K>>;
  sendOk<K extends CommandType>(command: CommandOf<K>): Promise<ReplyData<K>>;
  createTokens(kind: ProviderKind, number: number): Promise<StoredToken[]>;
  proxyStatus(): Promise<ProxyStatus>;
  /** A storage item as the extension stored it (JSON text parsed), undefined when absent. */
  stored(area: "local" | "session", key: string): Promise<unknown>;
  /** The profile's storage.sync, read and written directly, and its bytes in use. */
  sync: SyncAreaAccess & { bytesInUse(): Promise<number> };
  /** Options at `address` (a page or a section), once its heading shows. */
  options(address?: string): Promise<View>;
  /** The popup's page, in a tab. */
  popup(): Promise<View>;
  /**
   * Where a load of http://`host`:<the echo server's port>/ went (a tab of its own, 5 s at
   * most): "direct" when it loaded and the echo server saw it, "blocked" when it never arrived.
   */
  routeOf(host: string): Promise<Route>;
  /** A page visit in the profile's visitor tab: its status (0: failed) and exit address. */
  visit(url: string): Promise<{ status: number; exit: string }>;
  /** A load in the browsing tab: the exit address the echo server saw (throws unless 200). */
  exitOfPageLoad(url: string): Promise<string>;
  /** `burstInPage` (support/gateway-moods.ts) run in the browsing tab. */
  burst(args: { bases: string[]; count: number; tag: string; timeoutMs: number }): Promise<Sent[]>;
}

/**
 * The extension's background, stopped from outside: Chromium's service worker (CDP), Firefox's
 * event page (its own `terminateBackground`, reached over WebDriver BiDi with system access).
 */
export interface WorkerControl {
  /** Stops it now, without waiting; the extension's pages stay open. */
  stop(): Promise<void>;
  /**
   * Closes the extension pages the driver opened (none may keep it awake), stops it and waits
   * until it is seen stopped.
   */
  sleep(): Promise<void>;
  /** How many times it has started since the driver began watching. */
  starts(): Promise<number>;
  /** Waits to see exactly one start since `before` (a report can come after the fact). */
  startedOnceSince(before: number, what: string): Promise<void>;
}

/** Two tokens on one gateway, as the browser can hold both logins there. */
export interface TwoOnOneGateway {
  /** The exit addresses and gateway logins of the two. */
  one: { ip: string; username: string };
  two: { ip: string; username: string };
  /** The token id a site rule names to send a site through each. */
  routeOne: number;
  routeTwo: number;
}

/**
 * What the browsers do each their own way, or only one of them has; each driver says why where
 * it implements one.
 */
export interface Capabilities {
  /** Closes the main profile's browser and starts it again on the same profile. */
  restart(): Promise<void>;
  /** Stops the extension's background from outside. */
  worker: WorkerControl;
  /** Firefox's containers: a site rule can be limited to one (Chromium has none). */
  containers: boolean;
  /**
   * The browser's proxy mode as the extension set it (Chromium: fixed_servers, pac_script),
   * where the browser has one to read (Firefox: none, the extension answers each request).
   */
  proxyMode?: () => Promise<string>;
  /** Two tokens added so that both can be used on one gateway at once. */
  twoTokensOnOneGateway(): Promise<TwoOnOneGateway>;
  /** The sandbox's settings saved, the browser's way (its loopback and own traffic). */
  useSandbox(): Promise<void>;
}

export interface Driver {
  browser: "Chromium" | "Firefox";
  expect: Expect;
  /** The test's sandbox provider and test websites (HTTP; HTTPS, self-signed). */
  sb: Sandbox;
  echo: EchoServer;
  secure: EchoServer;
  /** The profile under test. */
  main: Profile;
  /** Another profile with the extension (a browser of its own), closed with the test. */
  newProfile(): Promise<Profile>;
  can: Capabilities;
}

export interface Scenario {
  name: string;
  /** The test mostly waits: Chromium runs it in its `@waits` lane (playwright.config.ts). */
  waits?: boolean;
  /** Its time bound (ms), when longer than the runner's default. */
  timeout?: number;
  run(d: Driver): Promise<void>;
}
