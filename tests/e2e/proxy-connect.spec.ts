import type { Sandbox } from "../sandbox/index";
import { expect, test } from "./fixtures";
import {
  createTokens,
  exitOfPageLoad,
  extensionPage,
  proxyStatus,
  sandboxFor,
  sandboxSettings,
  sendOk,
  startEchoServer,
  storedTokens,
} from "./harness";

let sb: Sandbox;
let echo: Awaited<ReturnType<typeof startEchoServer>>;
test.beforeEach(async () => {
  sb = await sandboxFor();
  echo = await startEchoServer();
});
test.afterEach(async () => {
  await echo.close();
  await sb.close();
});

test("connect: pages and the exit check go through the token, disconnect: direct again", async ({
  context,
  extensionId,
}) => {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "saveSettings", settings: sandboxSettings(sb) });
  const [token] = await createTokens(ext, "static-ip", 1);
  expect(token?.ip).toBe(""); // the sandbox assigns static IPs later, like the spec allows

  const page = await context.newPage();
  expect(await exitOfPageLoad(page, echo.url)).toBe("127.0.0.1");

  await sendOk(ext, { type: "connect", tokenId: token!.id });
  const status = await proxyStatus(ext);
  expect(status.state).toBe("connected");
  const stored = (await storedTokens(ext)).find((t) => t.id === token!.id)!;
  expect(stored.ip).toMatch(/^127\./);
  expect(stored.ip).not.toBe("127.0.0.1");
  expect(status.exitIp?.ip).toBe(stored.ip);
  expect(status.exitIp?.viaTokenId).toBe(token!.id);
  expect(await exitOfPageLoad(page, echo.url)).toBe(stored.ip);

  await sendOk(ext, { type: "disconnect" });
  expect((await proxyStatus(ext)).state).toBe("direct");
  expect((await proxyStatus(ext)).exitIp?.ip).toBe("127.0.0.1");
  expect(await exitOfPageLoad(page, echo.url)).toBe("127.0.0.1");
});
