/**
 * The options page in real Chromium against the sandbox provider: credentials, exit IP and
 * its quality, WebRTC protection, backup, accessibility.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import type { IpQuality } from "../../lib/api";
import type { Sandbox } from "../sandbox/index";
import {
  backgroundWorker,
  chromiumPath,
  expect,
  extensionPath,
  quietChromiumArgs,
  test,
} from "./fixtures";
import {
  buyElsewhere,
  control,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  gatewayLog,
  must,
  openOptions,
  proxyStatus,
  sandboxPage,
  sandboxSettings,
  send,
  sendOk,
  startEchoServer,
  storedTokens,
} from "./harness";

let sb: Sandbox;
// The test's own sandbox (fixtures.ts), kept for this file's helpers.
test.beforeEach(({ sb: sandbox }) => {
  sb = sandbox;
});

/**
 * Starts listening, in an extension page, for the engine to record an exit check newer than
 * `since`; the returned function waits for it and gives its checkedAt.
 */
async function exitCheckRecorded(ext: Page, since: number): Promise<() => Promise<number>> {
  const waiting = await ext.evaluateHandle(
    (after) => ({
      checkedAt: new Promise<number>((resolve) => {
        const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string): void => {
          const status = changes.proxyStatus?.newValue as
            | { exitIp?: { checkedAt?: number } | null }
            | undefined;
          const checkedAt = status?.exitIp?.checkedAt;
          if (area !== "local" || typeof checkedAt !== "number" || checkedAt <= after) return;
          chrome.storage.onChanged.removeListener(onChanged);
          resolve(checkedAt);
        };
        chrome.storage.onChanged.addListener(onChanged);
      }),
    }),
    since,
  );
  return () => waiting.evaluate((w) => w.checkedAt);
}

const storageSnapshot = (page: Page) =>
  page.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));

const field = (page: Page, scope: string, name: string) =>
  page.locator(`${scope} [data-field="${name}"]`);

async function sandboxJson<T>(urlPath: string, bearer?: string): Promise<T> {
  const res = await fetch(`${sb.baseUrl}${urlPath}`, {
    headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

// ---------------------------------------------------------------------------------------------
// WebRTC: Chromium shows a permission dialog for "privacy" (it carries the warning "Change your
// privacy-related settings"), and a headless test cannot click a browser dialog; Chromium's
// auto-confirm (PermissionsRequestFunction::SetDialogActionForTests) is reachable from C++ tests
// only, with no command-line switch. Chromium skips the dialog for permissions it has granted
// this extension before (runtime_granted_permissions in the profile's Preferences), so the test
// records that earlier grant in the profile between two launches. The page still makes the real
// permissions.request() call from the click, and the grant happens at that moment.
// ---------------------------------------------------------------------------------------------

function launchForWebrtc(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [
      ...quietChromiumArgs,
      // Host candidates then carry real addresses instead of mDNS names: a visible leak.
      "--disable-features=WebRtcHideLocalIpsWithMdns",
      `--disable-extensions-except=${extensionPath}`,
      `--load-extension=${extensionPath}`,
    ],
  });
}

async function launchWithPrivacyGranted(
  userDataDir: string,
): Promise<{ context: BrowserContext; extensionId: string }> {
  const first = await launchForWebrtc(userDataDir);
  const extensionId = new URL((await backgroundWorker(first)).url()).host;
  await first.close();
  const prefsFile = path.join(userDataDir, "Default", "Preferences");
  const prefs = JSON.parse(readFileSync(prefsFile, "utf8"));
  const entry = must(prefs.extensions?.settings?.[extensionId], "extension preferences");
  entry.runtime_granted_permissions = {
    api: ["privacy"],
    explicit_host: [],
    manifest_permissions: [],
    scriptable_host: [],
  };
  writeFileSync(prefsFile, JSON.stringify(prefs));
  const context = await launchForWebrtc(userDataDir);
  await backgroundWorker(context);
  return { context, extensionId };
}

interface Candidate {
  candidate: string;
  address: string | null;
  type: string | null;
  protocol: string | null;
}

/** Every ICE candidate a web page can gather, as a leak-testing site would. */
async function gatherIceCandidates(context: BrowserContext): Promise<Candidate[]> {
  const page = await context.newPage();
  try {
    return await page.evaluate(async () => {
      const pc = new RTCPeerConnection({ iceServers: [] });
      const found: Candidate[] = [];
      pc.onicecandidate = (event) => {
        const c = event.candidate;
        if (c?.candidate) {
          found.push({
            candidate: c.candidate,
            address: c.address,
            type: c.type,
            protocol: c.protocol,
          });
        }
      };
      pc.createDataChannel("probe");
      await pc.setLocalDescription(await pc.createOffer());
      // Gathering ends with "complete" in both modes: a gather cut short by a timer could miss
      // the very candidate that leaks.
      await new Promise<void>((resolve) => {
        const done = () => pc.iceGatheringState === "complete" && resolve();
        pc.onicegatheringstatechange = done;
        done();
      });
      pc.close();
      return found;
    });
  } finally {
    await page.close();
  }
}

test("credentials: verify a good and a bad token, save to storage.local only, remove", async ({
  context,
  extensionId,
}) => {
  const page = await openOptions(context, extensionId, "provider");
  const baseUrl = page.getByLabel("Provider base URL");
  const token = page.getByLabel("Access token", { exact: true });
  const status = page.locator("#credentials-status");

  // https is required except on loopback.
  await baseUrl.fill("http://api.example.com");
  await token.fill(sb.accessToken);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#baseUrl-error")).toHaveText(
    /Use https:\/\/ for this address: plain http:\/\/ is allowed only for a provider on this computer/,
  );
  await expect(baseUrl).toHaveAttribute("aria-invalid", "true");

  await baseUrl.fill(sb.baseUrl);
  await expect(token).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show the access token" }).click();
  await expect(token).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide the access token" }).click();
  await expect(token).toHaveAttribute("type", "password");

  await page.getByRole("button", { name: "Verify" }).click();
  await expect(status).toHaveText(
    "It works: the provider accepted these credentials (account sandbox-user). They are not saved yet: choose “Save credentials” to use them.",
  );

  const groups = page.getByTestId("verify-groups");
  await expect(groups.getByRole("listitem")).toHaveText([
    "Token operations (create, delete, restore, new IP): works",
    "Regions and payment plans: works",
    "IP quality: works",
    "Account information and quota: works",
  ]);

  await token.fill("wrong-token");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(status).toHaveText(
    "The provider refused these credentials for everything Proxy Deck does; see below.",
  );
  await expect(status).toHaveAttribute("role", "alert");
  // Each refusal names the scheme in use.
  await expect(groups.getByRole("listitem").first()).toContainText(
    "The provider refused your access token (Bearer).",
  );
  // Verify never saves.
  expect(
    await page.evaluate(async () => (await chrome.storage.local.get("settings")).settings),
  ).toBe(undefined);

  // Username and password (Basic) work too.
  await page.getByLabel("Username and password (Basic)").check();
  await page.getByLabel("Username", { exact: true }).fill(sb.username);
  await page.getByLabel("Password", { exact: true }).fill("wrong-pass");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(status).toContainText("refused these credentials for everything");
  await expect(groups).toContainText("The provider refused your username and password (Basic)");
  await page.getByLabel("Password", { exact: true }).fill(sb.password);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(status).toContainText("It works");

  // A provider that takes Basic for the account only (the spec's Bearer operations refuse it):
  // Verify says which parts work, instead of "It works".
  await control(sb, "quirks", { strict_auth: true });
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(status).toHaveText(
    "The provider accepted these credentials for some of what Proxy Deck does, not all; see below.",
  );
  await expect(groups.getByRole("listitem")).toHaveText([
    /^Token operations \(create, delete, restore, new IP\): The provider refused your username and password \(Basic\)/,
    /^Regions and payment plans: The provider refused your username and password \(Basic\)/,
    /^IP quality: The provider refused your username and password \(Basic\)/,
    "Account information and quota: works",
  ]);
  await control(sb, "quirks", { strict_auth: false });

  await page.getByLabel("Access token (Bearer)").check();
  await token.fill(sb.accessToken);
  await page.getByRole("button", { name: "Save credentials" }).click();
  await expect(status).toHaveText("Saved. Proxy Deck uses these credentials from now on.");
  const stored = await page.evaluate(async () => ({
    local: (await chrome.storage.local.get("settings")).settings,
    sync: await chrome.storage.sync.get(null),
  }));
  expect(stored.local).toMatchObject({
    baseUrl: sb.baseUrl,
    auth: { kind: "bearer", accessToken: sb.accessToken },
  });
  expect(stored.sync).toEqual({});
  await expect(page.getByTestId("stored-credentials")).toHaveText(
    /^Stored now: access token ••••••••.{4}\.$/,
  );
  await expect(page.getByTestId("stored-credentials")).not.toContainText(sb.accessToken);

  await page.getByRole("button", { name: "Remove credentials" }).click();
  await page.getByRole("button", { name: "Yes, remove them" }).click();
  await expect(status).toHaveText("Credentials removed from this browser.");
  await expect(token).toHaveValue("");
  const after = await page.evaluate(
    async () => (await chrome.storage.local.get("settings")).settings,
  );
  expect(after).toMatchObject({ baseUrl: sb.baseUrl, auth: null });
});

test("exit IP: direct, then through a token, then through another after a switch", async ({
  context,
  extensionId,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const tokenA = must(a, "token A");
  const tokenB = must(b, "token B");
  // Playwright's clock (time still flows): "Check again" below moves the page's time on.
  await context.clock.install();
  const page = await openOptions(context, extensionId, "exit");
  const route = page.locator("#exit-ip [data-route]");
  const ip = field(page, "#exit-ip", "ip");

  await expect(route).toHaveAttribute("data-route", "direct");
  // The status words lead (the popup's and the toolbar's), then what this check saw.
  await expect(route).toHaveText(
    "No token · This check went direct: websites see your own address.",
  );
  await expect(ip).toHaveText("127.0.0.1");
  // The details are the provider's record of that address.
  const direct = (
    await sandboxJson<{ data: Record<string, unknown> }>("/token/check/ip?ip=127.0.0.1")
  ).data;
  await expect(field(page, "#exit-ip", "city")).toHaveText(String(direct.city));
  await expect(field(page, "#exit-ip", "asn")).toHaveText(`AS${direct.autonomous_system_number}`);
  await expect(field(page, "#exit-ip", "org")).toHaveText(
    String(direct.autonomous_system_organization),
  );
  await expect(field(page, "#exit-ip", "network")).toHaveText(String(direct.network));
  await expect(field(page, "#exit-ip", "network_type")).toHaveText(String(direct.network_type));
  await expect(field(page, "#exit-ip", "is_isp")).toHaveText(direct.is_isp ? "Yes" : "No");
  await expect(field(page, "#exit-ip", "country")).toHaveText(
    `${direct.country} (${direct.country_code})`,
  );

  // Connecting from elsewhere (the popup) re-renders the page from storage.
  await sendOk(ext, { type: "connect", tokenId: tokenA.id });
  await expect(ip).toHaveText(tokenA.ip);
  await expect(route).toHaveAttribute("data-route", "token");
  await expect(route).toContainText(`Through #${tokenA.id}`);
  await expect(route).toContainText(tokenA.ip);
  await expect(page.locator("#quality .quality-card")).toHaveAttribute("data-ip", tokenA.ip);

  await sendOk(ext, { type: "connect", tokenId: tokenB.id });
  await expect(ip).toHaveText(tokenB.ip);
  await expect(route).toContainText(`Through #${tokenB.id}`);
  await expect(page.locator("#quality .quality-card")).toHaveAttribute("data-ip", tokenB.ip);
  const viaB = (
    await sandboxJson<{ data: Record<string, unknown> }>(`/token/check/ip?ip=${tokenB.ip}`)
  ).data;
  await expect(field(page, "#exit-ip", "city")).toHaveText(String(viaB.city));

  // "Check again" asks through the proxy once more: the engine records a new check, and the
  // page shows the time of the answer it then gets. The page's clock jumps a second first, so
  // that time cannot read the same (to the second) as the one before.
  const before = await field(page, "#exit-ip", "checked_at").textContent();
  const checkedBefore = must((await proxyStatus(ext)).exitIp, "stored exit check").checkedAt;
  const recorded = await exitCheckRecorded(ext, checkedBefore);
  const viaBBefore = (await gatewayLog(sb)).filter(
    (e) => e.username === tokenB.username && e.result === "ok",
  ).length;
  await page.clock.fastForward(1000);
  await page.getByRole("button", { name: "Check again" }).click();
  expect(await recorded()).toBeGreaterThan(checkedBefore);
  await expect(field(page, "#exit-ip", "checked_at")).not.toHaveText(before ?? "");
  await expect(ip).toHaveText(tokenB.ip);
  const viaBAfter = (await gatewayLog(sb)).filter(
    (e) => e.username === tokenB.username && e.result === "ok",
  ).length;
  expect(viaBAfter).toBeGreaterThan(viaBBefore);

  await sendOk(ext, { type: "disconnect" });
  await expect(route).toHaveAttribute("data-route", "direct");
  await expect(ip).toHaveText("127.0.0.1");
});

test("quality card: the exit IP and a looked-up IP match the sandbox's records", async ({
  context,
  extensionId,
}) => {
  await sandboxPage(context, extensionId, sb);
  const page = await openOptions(context, extensionId, "exit");
  const card = page.locator("#quality .quality-card");

  async function expectCardMatches(ip: string) {
    const record = await sandboxJson<IpQuality>(`/api/v1/ip-quality/${ip}`, sb.accessToken);
    await expect(card).toHaveAttribute("data-ip", ip);
    await expect(card.locator('[data-field="grade"]')).toHaveAttribute("data-value", record.grade);
    await expect(card.locator(".grade")).toHaveClass(new RegExp(`grade-${record.grade}`));
    await expect(card.locator('[data-field="average_score"]')).toHaveText(
      `Average score ${record.average_score} of 100`,
    );
    for (const [name, score] of Object.entries(record.scores)) {
      await expect(card.locator(`[data-score="${name}"] .score-value`)).toHaveText(String(score));
      await expect(card.locator(`[data-score="${name}"] .bar-fill`)).toHaveAttribute(
        "style",
        `width: ${score}%;`,
      );
    }
    const meaning = {
      low: "Low: safe to use",
      medium: "Medium: use with care and monitoring",
      high: "High: not recommended",
    };
    const threat = must(record.details?.threat_level, "threat level");
    await expect(card.locator('[data-field="threat_level"]')).toHaveText(
      `Threat level: ${meaning[threat]}`,
    );
    const details = must(record.details, "details");
    await expect(card.locator('[data-field="blacklist_count"]')).toHaveText(
      String(details.blacklist_count),
    );
    await expect(card.locator('[data-field="abuse_reports"]')).toHaveText(
      String(details.abuse_reports),
    );
    await expect(card.locator('[data-field="spam_score"]')).toHaveText(
      `${details.spam_score} of 100`,
    );
    const yesNo = (v: boolean | undefined) => (v ? "Yes" : "No");
    await expect(card.locator('[data-field="is_datacenter"]')).toHaveText(
      yesNo(record.is_datacenter),
    );
    await expect(card.locator('[data-field="is_proxy"]')).toHaveText(yesNo(record.is_proxy));
    await expect(card.locator('[data-field="is_residential"]')).toHaveText(
      yesNo(record.is_residential),
    );
    await expect(card.locator('[data-field="isp"]')).toHaveText(record.isp);
    await expect(card.locator('[data-field="asn"]')).toHaveText(String(record.asn));
    const location = must(record.location, "location");
    await expect(card.locator('[data-field="location"]')).toHaveText(
      `${location.city}, ${location.country_name} (${location.country})`,
    );
    return record;
  }

  await expectCardMatches("127.0.0.1");
  await expect(card.locator("h3")).toHaveText("Quality of your exit IP 127.0.0.1");

  const lookup = page.getByLabel("Look up any IP address");
  await lookup.fill("not-an-ip");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.locator("#lookup-ip-error")).toHaveText(
    "Enter an IPv4 address such as 203.0.113.7 or an IPv6 address such as 2001:db8::1.",
  );

  // Several addresses, so more than one grade and threat level is drawn.
  const grades = new Set<string>();
  for (const ip of ["203.0.113.7", "198.51.100.23", "8.8.8.8", "2001:db8::1"]) {
    await lookup.fill(ip);
    await lookup.press("Enter");
    await expect(card.locator("h3")).toHaveText(`Quality of ${ip}`);
    grades.add((await expectCardMatches(ip)).grade);
  }
  expect(grades.size).toBeGreaterThan(1);

  await page.getByRole("button", { name: "Show my exit IP again" }).click();
  await expect(card).toHaveAttribute("data-ip", "127.0.0.1");
});

/** An account fact as shown: its label and its value, by the record's field. */
const fact = (page: Page, record: "quota" | "info", field: string) =>
  page.locator(`#account-${record} .fact:has([data-field="${field}"])`);

test("account: quota and info as labelled, localized facts (en, zh); the plan reaches Settings; proxies by country and type with copy buttons", async ({
  context,
  extensionId,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  await createTokens(ext, "static-traffic", 2);
  const page = await openOptions(context, extensionId);
  // The sandbox's plan is enterprise (no limits); its balance 100.00 USD, opened 2024-01-08.
  const shown = {
    quota: {
      plan: ["Plan", "Enterprise"],
      requests: ["API requests this period", /^[\d,]+ \(no limit\)$/],
      traffic_gb: ["Proxy traffic this period", /^[\d.,]+ GB \(no limit\)$/],
      proxy_ips: ["Proxy IPs held", /^\d+ \(no limit\)$/],
      rate_limit: ["API rate limit", "No limit"],
      period_start: ["Quota period starts", /^[A-Z][a-z]+ 1, \d{4}$/],
    },
    info: {
      username: ["Username", "sandbox-user"],
      status: ["Account status", "Active"],
      balance: ["Balance", "$100.00"],
      created_at: ["Account opened", "January 8, 2024"],
    },
  } as const;
  for (const [record, fields] of Object.entries(shown) as [keyof typeof shown, object][]) {
    for (const [field, [label, value]] of Object.entries(fields) as [
      string,
      [string, string | RegExp],
    ][]) {
      await expect(fact(page, record, field).locator("dt")).toHaveText(label);
      await expect(fact(page, record, field).locator("dd")).toHaveText(value);
    }
  }
  // Nothing raw: no ISO instant, no key written as a label.
  await expect(page.locator("#account")).not.toContainText("T00:00:00");
  await expect(page.locator("#account")).not.toContainText(/Traffic gb|Proxy ips|enterprise/);
  // Settings takes the plan from the account and says so; the manual choice is not asked.
  await page.locator('.sidebar a[href="#settings"]').click();
  const plan = page.getByLabel("Your plan (sets how often Proxy Deck may call the API)");
  await expect(plan).toBeDisabled();
  await expect(plan).toHaveValue("enterprise");
  await expect(page.locator("#plan-hint")).toHaveText(/^From your account:/);
  expect(
    await page.evaluate(async () => (await chrome.storage.local.get("settings")).settings),
  ).toMatchObject({ plan: "enterprise", accountPlan: "enterprise" });

  // In Chinese: Chinese labels, Chinese dates and plan names.
  await sendOk(ext, { type: "patchSettings", patch: { language: "zh_CN" } });
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.locator("#plan-hint")).toHaveText(/^来自你的账户/);
  await page.locator('.sidebar a[href="#provider"]').click();
  await expect(fact(page, "quota", "plan")).toHaveText("套餐企业版");
  await expect(fact(page, "quota", "rate_limit")).toHaveText("API 频率上限不限");
  await expect(fact(page, "info", "status")).toHaveText("账户状态正常");
  await expect(fact(page, "info", "balance")).toHaveText("余额US$100.00");
  await expect(fact(page, "info", "created_at")).toHaveText("开户时间2024年1月8日");
  await sendOk(ext, { type: "patchSettings", patch: { language: "en" } });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByLabel("Country (ISO code or name; leave empty for all)").fill("US");
  await page.getByLabel("Type", { exact: true }).selectOption("static");
  await page.getByRole("button", { name: "Get proxies" }).click();
  const rows = page.locator(".proxy-table tbody tr");
  await expect(rows).toHaveCount(2);
  const address = must(await rows.first().locator("code").textContent(), "address");
  expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
  await rows
    .first()
    .getByRole("button", { name: `Copy ${address}` })
    .click();
  await expect(rows.first()).toContainText(`Copied ${address}.`);
  // Pasted back into a text field, the way the user would use it.
  const pasteTarget = page.getByLabel("Country (ISO code or name; leave empty for all)");
  await pasteTarget.fill("");
  await pasteTarget.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(pasteTarget).toHaveValue(address);

  await page.getByLabel("Country (ISO code or name; leave empty for all)").fill("JP");
  await page.getByRole("button", { name: "Get proxies" }).click();
  await expect(page.getByText("The provider has no proxies for this choice.")).toBeVisible();
});

test("settings: bypass list, refresh interval and language are saved; errors say what to do", async ({
  context,
  extensionId,
}) => {
  await sandboxPage(context, extensionId, sb);
  const page = await openOptions(context, extensionId, "settings");
  const minutes = page.getByLabel("Automatic IP refresh for dynamic tokens (minutes)");
  await page
    .getByLabel("Addresses that skip the proxy (one rule per line)")
    .fill("<-loopback>\n\n*.corp.example\nbad rule");
  await minutes.fill("0.2");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.locator("#bypass-error")).toHaveText(/^Line 4 \(“bad rule”\) is not a rule/);
  await expect(page.locator("#refresh-error")).toHaveText(
    "Enter at least 0.5 minutes (browsers do not run timers more often), or 0 to turn it off.",
  );

  await page
    .getByLabel("Addresses that skip the proxy (one rule per line)")
    .fill("<-loopback>\n\n*.corp.example\n");
  await minutes.fill("2.5");
  // The plan comes from the account here (the account test shows it); not asked by hand.
  await page.getByLabel("Unit of token traffic").selectOption("GB");
  await page.getByLabel("Language").selectOption("zh_CN");
  await page.getByRole("button", { name: "Save settings" }).click();
  // The page switches to Chinese at once.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Proxy Deck 设置");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.locator("#settings-status")).toHaveText("设置已保存。");
  const settings = await page.evaluate(
    async () => (await chrome.storage.local.get("settings")).settings,
  );
  expect(settings).toMatchObject({
    bypassList: ["<-loopback>", "*.corp.example"],
    autoRefreshMinutes: 2.5,
    language: "zh_CN",
    trafficUnit: "GB",
    auth: { kind: "bearer", accessToken: sb.accessToken },
  });
});

test("WebRTC protection on: an ICE gather yields no candidate with a non-proxied address", async ({
  userDataDir,
}) => {
  const { context, extensionId } = await launchWithPrivacyGranted(userDataDir);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });

    // Without protection the page sees this machine's own addresses: the leak being closed.
    const before = await gatherIceCandidates(context);
    expect(before.filter((c) => c.address && !c.address.endsWith(".local")).length).toBeGreaterThan(
      0,
    );

    const page = await openOptions(context, extensionId, "settings");
    const toggle = page.getByLabel("Keep WebRTC from revealing my real IP address");
    await expect(toggle).not.toBeChecked();
    expect(
      await page.evaluate(() => chrome.permissions.contains({ permissions: ["privacy"] })),
    ).toBe(false);
    await toggle.click(); // the click is the user gesture the permission request needs
    await expect(page.locator("#webrtc-status")).toHaveText(
      "On: WebRTC goes only through the proxy.",
    );
    await expect(toggle).toBeChecked();
    expect(
      await page.evaluate(async () => ({
        granted: await chrome.permissions.contains({ permissions: ["privacy"] }),
        policy: (await chrome.privacy.network.webRTCIPHandlingPolicy.get({})).value,
        saved: (
          (await chrome.storage.local.get("settings")).settings as { webrtcProtection: boolean }
        ).webrtcProtection,
      })),
    ).toEqual({ granted: true, policy: "disable_non_proxied_udp", saved: true });

    const after = await gatherIceCandidates(context);
    const nonProxied = after.filter((c) => c.type !== "relay");
    expect(nonProxied).toEqual([]);

    // Off: the browser setting is cleared and the permission handed back.
    await toggle.click();
    await expect(page.locator("#webrtc-status")).toHaveText(
      "Off: WebRTC may reveal your real address.",
    );
    expect(
      await page.evaluate(() => chrome.permissions.contains({ permissions: ["privacy"] })),
    ).toBe(false);
    const again = await gatherIceCandidates(context);
    expect(again.filter((c) => c.address && !c.address.endsWith(".local")).length).toBeGreaterThan(
      0,
    );
  } finally {
    await context.close();
  }
});

test("backup: export with secrets → wipe → import restores tokens, trash and settings", async ({
  context,
  extensionId,
}, testInfo) => {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, {
    type: "patchSettings",
    patch: sandboxSettings(sb, { autoRefreshMinutes: 3, language: "en", plan: "professional" }),
  });
  await createTokens(ext, "static-traffic", 2);
  const dynamic = must((await createTokens(ext, "dynamic-ip", 1))[0], "dynamic token");
  await sendOk(ext, { type: "deleteTokens", tokenIds: [dynamic.id] });
  const keys = ["settings", "tokens", "trash"];
  const saved = async (page: Page) =>
    page.evaluate(async (k) => JSON.stringify(await chrome.storage.local.get(k)), keys);
  const before = await saved(ext);
  expect(JSON.parse(before).trash).toHaveLength(1);

  const page = await openOptions(context, extensionId, "backup");
  await page.getByLabel("Include secrets (API credentials and token passwords)").check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download backup" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^proxy-deck-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const text = readFileSync(file, "utf8");
  const token = must((await storedTokens(ext))[0], "token");
  expect(text).toContain(token.password);
  expect(text).toContain(sb.accessToken);

  await page.evaluate(() => chrome.storage.local.clear());
  await page.locator('.sidebar a[href="#provider"]').click();
  await expect(page.getByTestId("stored-credentials")).toHaveText(
    "No credentials are stored in this browser.",
  );
  await page.locator('.sidebar a[href="#sync"]').click();

  await page.getByLabel("Backup file").setInputFiles(file);
  const preview = page.getByTestId("import-preview");
  await expect(preview.locator('[data-field="tokens"]')).toHaveText(
    "Tokens: 2 added, 0 updated, 0 unchanged.",
  );
  await expect(preview.locator('[data-field="trash"]')).toHaveText(
    "Deleted tokens: 1 added, 0 updated, 0 unchanged.",
  );
  // The sandbox's address is plain http (to this machine): only typing may set that, a file
  // may not, and its API key goes with it. Every other setting is listed with its values.
  await expect(preview.locator('[data-field="base-url-refused"]')).toContainText(sb.baseUrl);
  await expect(preview.locator('[data-field="credentials"]')).toHaveText(
    "API credentials: the ones stored here stay.",
  );
  await expect(preview.locator('[data-field="setting-changes"]')).toContainText(
    "plan: free → professional",
  );
  await preview.getByRole("button", { name: "Import" }).click();
  await expect(page.locator("#import-status")).toHaveText(
    /^Imported: 2 tokens added and 0 updated, 1 deleted token added and 0 updated, \d settings? changed\.$/,
  );
  const restored = JSON.parse(await saved(page));
  const original = JSON.parse(before);
  expect(restored.tokens).toEqual(original.tokens);
  expect(restored.trash).toEqual(original.trash);
  expect(restored.settings).toEqual({ ...original.settings, baseUrl: "", auth: null });

  // Typed by the user, the address and key are accepted; then importing changes nothing. The
  // open page reads the account again for the new credentials and notes its plan meanwhile.
  await sendOk(ext, {
    type: "patchSettings",
    patch: { baseUrl: sb.baseUrl, auth: original.settings.auth },
  });
  const withoutAccountPlan = (text: string) => {
    const state = JSON.parse(text);
    delete state.settings.accountPlan;
    return state;
  };
  expect(withoutAccountPlan(await saved(page))).toEqual(withoutAccountPlan(before));
  await page.getByLabel("Backup file").setInputFiles(file);
  await expect(
    preview.getByText("This backup holds nothing that is not already here."),
  ).toBeVisible();
  await expect(preview.getByRole("button", { name: "Import" })).toHaveCount(0);

  // Without secrets the file has no password and no access token.
  await page.getByLabel("Include secrets (API credentials and token passwords)").uncheck();
  const [plain] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download backup" }).click(),
  ]);
  const plainText = readFileSync(must(await plain.path(), "download path"), "utf8");
  expect(plainText).not.toContain(token.password);
  expect(plainText).not.toContain(sb.accessToken);
  expect(plainText).not.toContain('"password"');
});

test("a corrupted, foreign or secret-less import leaves storage byte-for-byte unchanged", async ({
  context,
  extensionId,
}, testInfo) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const tokens = await createTokens(ext, "static-traffic", 2);
  const page = await openOptions(context, extensionId, "backup");

  // A real backup to damage, made while a third token exists that the browser then loses.
  const extra = must((await createTokens(ext, "static-traffic", 1))[0], "extra token");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download backup" }).click(), // without secrets
  ]);
  const good = readFileSync(must(await download.path(), "download"), "utf8");
  await ext.evaluate(async (id) => {
    const { tokens } = await chrome.storage.local.get("tokens");
    await chrome.storage.local.set({
      tokens: (tokens as { id: number }[]).filter((t) => t.id !== id),
    });
  }, extra.id);
  expect((await storedTokens(ext)).map((t) => t.id)).toEqual(tokens.map((t) => t.id));
  // The background derives the popup's first rows from the tokens; on a slow machine its write
  // for the removal above landed mid-loop (a loaded run saw the snapshot change there). Caught
  // up first, so the snapshot holds no write still to come.
  await expect
    .poll(() =>
      ext.evaluate(async () => {
        const { popupSummary } = await chrome.storage.local.get("popupSummary");
        return ((popupSummary as { first?: { id: number }[] })?.first ?? []).map((t) => t.id);
      }),
    )
    .not.toContain(extra.id);

  const damaged = JSON.parse(good);
  delete damaged.tokens[0].host;
  const files: [string, string, RegExp][] = [
    ["truncated.json", good.slice(0, Math.floor(good.length / 2)), /is not valid JSON/],
    [
      "package.json",
      JSON.stringify({ name: "other", version: "1.0.0", dependencies: {} }),
      /is not a Proxy Deck backup/,
    ],
    [
      "foreign-backup.json",
      JSON.stringify({ format: "switchyomega", version: 1, profiles: [] }),
      /is not a Proxy Deck backup/,
    ],
    ["damaged.json", JSON.stringify(damaged), /incomplete or damaged \(at tokens\.0\.host\)/],
    ["image.json", "\u0089PNG\r\n\u001a\n\u0000\u0000", /is not valid JSON/],
    ["empty.json", "", /is not valid JSON/],
  ];
  const snapshot = await storageSnapshot(page);
  for (const [name, content, message] of files) {
    const file = testInfo.outputPath(name);
    writeFileSync(file, content);
    await page.getByLabel("Backup file").setInputFiles(file);
    await expect(page.locator("#import-status")).toHaveText(message);
    await expect(page.locator("#import-status")).toContainText("Nothing was changed.");
    await expect(page.getByTestId("import-preview")).toHaveCount(0);
    expect(await storageSnapshot(page)).toBe(snapshot);
  }

  // A secret-less backup naming a token this browser lacks: shown, refused as a whole.
  const partial = testInfo.outputPath("without-secrets.json");
  writeFileSync(partial, good);
  await page.getByLabel("Backup file").setInputFiles(partial);
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("This cannot be imported: the backup has no passwords for 1");
  await expect(preview.getByRole("button", { name: "Import" })).toHaveCount(0);
  expect(await storageSnapshot(page)).toBe(snapshot);

  // The background refuses it too, should a page send it anyway.
  const reply = await send(page, { type: "importBackup", backup: JSON.parse(good) });
  expect(reply).toEqual({ ok: false, failure: { code: "backup-missing-secrets" } });
  const malformed = await send(page, { type: "importBackup", backup: damaged });
  expect(malformed).toEqual({ ok: false, failure: { code: "malformed-command" } });
  expect(await storageSnapshot(page)).toBe(snapshot);
});

test("the popup offers WebRTC protection while a proxy is on, and turns it on in one click", async ({
  userDataDir,
}) => {
  const { context, extensionId } = await launchWithPrivacyGranted(userDataDir);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    const popup = await extensionPage(context, extensionId);
    const offer = popup.getByTestId("webrtc-offer");
    await expect(popup.locator(".popup")).toBeVisible();
    await expect(offer).toHaveCount(0); // direct: nothing to protect yet

    await sendOk(ext, { type: "connect", tokenId: token.id });
    await expect(offer).toContainText("WebRTC protection is off");
    await offer.getByRole("button", { name: "Turn WebRTC protection on" }).click();
    await expect(offer).toHaveCount(0);
    expect(
      await popup.evaluate(async () => ({
        policy: (await chrome.privacy.network.webRTCIPHandlingPolicy.get({})).value,
        saved: (
          (await chrome.storage.local.get("settings")).settings as { webrtcProtection: boolean }
        ).webrtcProtection,
      })),
    ).toEqual({ policy: "disable_non_proxied_udp", saved: true });
  } finally {
    await context.close();
  }
});

test("add existing proxies: 1,000 mixed lines counted exactly; a hand-added one connects with no dialog", async ({
  context,
  extensionId,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  // A token bought elsewhere: straight from the provider, unknown to this browser.
  const real = await buyElsewhere(sb);
  const valid = Array.from({ length: 599 }, (_, i) => `10.1.${i >> 8}.${i & 255}:8000:u${i}:p${i}`);
  valid.push(`${real.username}:${real.password}@${real.host}:${real.port}`);
  const duplicates = valid.slice(0, 200);
  const broken = Array.from({ length: 200 }, (_, i) =>
    i % 2 ? `nonsense line ${i}` : `10.9.9.9:99999:u${i}:p${i}`,
  );
  const text = [...valid, ...duplicates, ...broken].join("\n");

  const page = await openOptions(context, extensionId, "add-proxies");
  await page.getByLabel("Proxies, one per line").fill(text);
  await page.getByRole("button", { name: "Check the lines" }).click();
  const preview = page.getByTestId("add-preview");
  await expect(preview).toContainText("600 to add, 200 already there, 200 refused.");
  await expect(preview).toContainText("Line 801: the port must be a number from 1 to 65535.");
  await expect(preview).toContainText("Line 802: not a proxy line in a format Proxy Deck reads.");
  // Nothing is stored before the user adds.
  expect(await storedTokens(page)).toEqual([]);
  await page.getByRole("button", { name: "Add 600 proxies" }).click();
  await expect(page.locator("#add-proxies-status")).toContainText(
    "Added 600 proxies (200 already there, 200 refused).",
  );
  const stored = await storedTokens(page);
  expect(stored).toHaveLength(600);
  expect(new Set(stored.map((t) => t.kind))).toEqual(new Set(["manual"]));
  expect(stored.every((t) => t.id < 0)).toBe(true);

  // The one on the sandbox gateway carries traffic, answered without a login dialog.
  const mine = must(
    stored.find((t) => t.username === real.username),
    "the hand-added sandbox token",
  );
  const echo = await startEchoServer();
  try {
    await sendOk(ext, { type: "connect", tokenId: mine.id });
    const browsing = await context.newPage();
    expect(await exitOfPageLoad(browsing, echo.url)).toBe(real.ip);
    await expect.poll(async () => (await proxyStatus(ext)).state).toBe("connected");
    expect((await storedTokens(ext)).find((t) => t.id === mine.id)?.ip).toBe(real.ip);
  } finally {
    await echo.close();
  }
  // Deleting a hand-added proxy asks the provider nothing, and it can be restored here.
  await sendOk(ext, { type: "disconnect" });
  const deleted = await sendOk(ext, { type: "deleteTokens", tokenIds: [mine.id] });
  expect(deleted.done).toEqual([mine.id]);
  const restored = await sendOk(ext, { type: "restoreTokens", tokenIds: [mine.id] });
  expect(restored.done).toEqual([mine.id]);
});
