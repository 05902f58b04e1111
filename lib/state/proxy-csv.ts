/**
 * CSV of proxies: a header row naming at least host and port (and optionally username,
 * password, type, name, country, expires), then one proxy per row. Pure and zod-free.
 */
import { build, type Parsed, SCHEMES } from "./proxy-line";

/** A CSV row's cells: commas separate, double quotes may wrap a cell ("" is a quote). */
function csvCells(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const char = row[i];
    if (quoted) {
      if (char === '"' && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

const CSV_NAMES: Record<string, keyof CsvColumns> = {
  host: "host",
  ip: "host",
  address: "host",
  port: "port",
  username: "username",
  user: "username",
  login: "username",
  password: "password",
  pass: "password",
  type: "type",
  protocol: "type",
  name: "name",
  country: "country",
  expires: "expires",
  expires_at: "expires",
  expiry: "expires",
  token_id: "tokenId",
  "token id": "tokenId",
};
export interface CsvColumns {
  host?: number;
  port?: number;
  username?: number;
  password?: number;
  type?: number;
  name?: number;
  country?: number;
  expires?: number;
  tokenId?: number;
}

/** A header row names at least host and port: the file is CSV from there on. */
export function csvHeader(row: string): CsvColumns | null {
  if (!row.includes(",")) return null;
  const columns: CsvColumns = {};
  csvCells(row).forEach((name, index) => {
    const key = CSV_NAMES[name.toLowerCase()];
    if (key && columns[key] === undefined) columns[key] = index;
  });
  return columns.host !== undefined && columns.port !== undefined ? columns : null;
}

export function parseCsvRow(row: string, columns: CsvColumns): Parsed {
  const cells = csvCells(row);
  const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? ""));
  const type = cell(columns.type).toLowerCase();
  const networkType = type === "" ? "HTTP" : SCHEMES[type];
  if (!networkType) return { ok: false, problem: "scheme" };
  const idText = cell(columns.tokenId);
  if (idText !== "" && !/^[1-9]\d{0,14}$/.test(idText)) return { ok: false, problem: "token-id" };
  const providerId = idText === "" ? null : Number(idText);
  const expiresText = cell(columns.expires);
  const expiresAt = expiresText === "" ? null : Date.parse(expiresText);
  if (expiresAt !== null && !Number.isFinite(expiresAt)) return { ok: false, problem: "expires" };
  return build(
    cell(columns.host),
    cell(columns.port),
    cell(columns.username),
    cell(columns.password),
    networkType,
    { name: cell(columns.name), country: cell(columns.country), expiresAt, providerId },
  );
}
