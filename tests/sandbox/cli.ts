/**
 * `npm run sandbox`: starts the sandbox provider, prints its connection info as the first line of
 * stdout (one JSON object), logs to stderr, and stops cleanly on SIGINT/SIGTERM.
 */
import { type Plan, type SandboxOptions, startSandbox } from "./index";
import { isPlanName, PLAN_NAMES } from "./rate-limit";

const USAGE = `usage: tsx tests/sandbox/cli.ts [--api-port N] [--proxy-port N] [--socks-port N] [--plan P]
  --api-port    API port (default 8787)
  --proxy-port  HTTP proxy gateway port (default 8788)
  --socks-port  SOCKS5 gateway port (default 8789)
  --plan        rate-limit plan: ${PLAN_NAMES.join("|")} (default basic)
  port 0 picks a free port; everything listens on 127.0.0.1 only`;

class UsageError extends Error {}

function parsePort(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || n > 65535) {
    throw new UsageError(`${flag} needs a port number 0-65535 (got ${raw ?? "nothing"})`);
  }
  return n;
}

function parseArgs(argv: readonly string[]): Required<SandboxOptions> | "help" {
  const opts = { apiPort: 8787, proxyPort: 8788, socksPort: 8789, plan: "basic" as Plan };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") return "help";
    const eq = arg.indexOf("=");
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const takeValue = () => (eq >= 0 ? arg.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case "--api-port":
        opts.apiPort = parsePort(flag, takeValue());
        break;
      case "--proxy-port":
        opts.proxyPort = parsePort(flag, takeValue());
        break;
      case "--socks-port":
        opts.socksPort = parsePort(flag, takeValue());
        break;
      case "--plan": {
        const plan = takeValue();
        if (!isPlanName(plan)) {
          throw new UsageError(
            `--plan must be one of ${PLAN_NAMES.join(", ")} (got ${plan ?? "nothing"})`,
          );
        }
        opts.plan = plan;
        break;
      }
      default:
        throw new UsageError(`unknown argument: ${arg}`);
    }
  }
  return opts;
}

async function main(): Promise<void> {
  let opts: ReturnType<typeof parseArgs>;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`sandbox: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (opts === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox(opts);
  } catch (error) {
    process.stderr.write(`sandbox: could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  // Handlers before the line that says we are ready: a reader may signal as soon as it has it,
  // and a signal with no handler yet kills the process at once (no clean close, no exit 0).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox: ${signal} received, stopping\n`);
    sandbox.close().then(
      () => {
        process.stderr.write("sandbox: stopped\n");
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`sandbox: error while stopping: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.stdout.write(`${JSON.stringify(sandbox.info)}\n`);
  const { baseUrl, proxyPort, socksPort } = sandbox.info;
  process.stderr.write(
    `sandbox: API ${baseUrl}  HTTP proxy 127.0.0.1:${proxyPort}  SOCKS5 127.0.0.1:${socksPort}  plan ${opts.plan}\n`,
  );
}

void main();
