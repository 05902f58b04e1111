/** The spec's operations: method, path pattern, whether they need auth, and the handler. */
import { accountInfo, accountQuota, proxyGet } from "./account";
import type { Context } from "./context";
import { createTokens, refreshToken } from "./handlers-create";
import { checkIp, ipQuality, listPlans, listRegions } from "./handlers-info";
import { deleteBatch, deleteOne, restoreBatch, restoreOne } from "./handlers-lifecycle";
import { parseId, type Reply } from "./http-util";
import { CREATE_PATHS } from "./kinds";

export interface RouteInput {
  params: string[];
  query: URLSearchParams;
  body: unknown;
  remoteAddress: string;
}

export interface Route {
  methods: readonly string[];
  pattern: RegExp;
  auth: boolean;
  /** Whether the handler reads a JSON body. */
  body: boolean;
  handle(ctx: Context, input: RouteInput): Reply | Promise<Reply>;
}

const param = (input: RouteInput, i = 0) => input.params[i] ?? "";

function exact(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

const createRoutes: Route[] = Object.entries(CREATE_PATHS).map(([path, kind]) => ({
  methods: ["POST"],
  pattern: exact(path),
  auth: true,
  body: true,
  handle: (ctx, input) => createTokens(ctx, kind, input.body),
}));

export const REFRESH_PATH = /^\/token\/dynamic\/ip\/refresh\/([^/]+)$/;

/** Order matters: the fixed /token/batch paths come before /token/<id>. */
export const ROUTES: readonly Route[] = [
  ...createRoutes,
  {
    // The spec shows neither method nor payload; GET is documented, POST accepted too.
    methods: ["GET", "POST"],
    pattern: REFRESH_PATH,
    auth: true,
    body: false,
    handle: (ctx, input) => refreshToken(ctx, parseId(param(input))),
  },
  {
    methods: ["DELETE"],
    pattern: exact("/token/batch"),
    auth: true,
    body: true,
    handle: (ctx, input) => deleteBatch(ctx, input.body),
  },
  {
    methods: ["PUT"],
    pattern: exact("/token/batch/restore"),
    auth: true,
    body: true,
    handle: (ctx, input) => restoreBatch(ctx, input.body),
  },
  {
    methods: ["PUT"],
    pattern: /^\/token\/reset\/([^/]+)$/,
    auth: true,
    body: false,
    handle: (ctx, input) => restoreOne(ctx, parseId(param(input))),
  },
  {
    methods: ["DELETE"],
    pattern: /^\/token\/([^/]+)$/,
    auth: true,
    body: false,
    handle: (ctx, input) => deleteOne(ctx, parseId(param(input))),
  },
  {
    methods: ["GET"],
    pattern: /^\/token\/list\/area\/(countries|state|city)$/,
    auth: true,
    body: false,
    handle: (_ctx, input) =>
      listRegions(param(input) as "countries" | "state" | "city", input.query),
  },
  {
    methods: ["GET"],
    pattern: exact("/token/payway/list"),
    auth: true,
    body: false,
    handle: (_ctx, input) => listPlans(input.query),
  },
  {
    methods: ["GET"],
    pattern: exact("/token/check/ip"),
    auth: false,
    body: false,
    handle: (ctx, input) => checkIp(ctx, input.query, input.remoteAddress),
  },
  {
    methods: ["GET"],
    pattern: /^\/api\/v1\/ip-quality\/([^/]+)$/,
    auth: true,
    body: false,
    handle: (ctx, input) => ipQuality(ctx, param(input)),
  },
  {
    methods: ["GET"],
    pattern: exact("/v1/proxy/get"),
    auth: true,
    body: false,
    handle: (ctx, input) => proxyGet(ctx, input.query),
  },
  {
    methods: ["GET"],
    pattern: exact("/v1/account/quota"),
    auth: true,
    body: false,
    handle: (ctx) => accountQuota(ctx),
  },
  {
    methods: ["GET"],
    pattern: exact("/v1/account/info"),
    auth: true,
    body: false,
    handle: (ctx) => accountInfo(ctx),
  },
];

export type Match = { route: Route; params: string[] } | { allowed: string[] } | null;

export function matchRoute(method: string, path: string): Match {
  const allowed = new Set<string>();
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.methods.includes(method)) return { route, params: m.slice(1) };
    for (const x of route.methods) allowed.add(x);
  }
  return allowed.size > 0 ? { allowed: [...allowed] } : null;
}
