/**
 * Every catch in lib/, components/ and entrypoints/ (try/catch, `.catch(h)`, `.then(ok, h)`),
 * and what it does with the failure: records it (recordFailure, recordEvent, recordedAs), uses
 * it (rethrows, wraps, words it, or hands it to a named function), or is silent, with a
 * comment saying why (in its body, on its line, or on the comment line right above) or not.
 *   npx tsx scripts/catch-sites.ts [silent|all]
 * Exits 1 when a catch is silent without a word of why.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

type Verdict = "records" | "uses" | "comment" | "silent";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

function sitesOf(file: string): { where: string; verdict: Verdict; body: string }[] {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: { where: string; verdict: Verdict; body: string }[] = [];
  const judge = (node: ts.Node, body: ts.Node, param: string | null) => {
    const flat = body.getText().replace(/\s+/g, " ");
    const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    const said = /\/\/|\/\*/.test(lines.slice(first, last + 1).join("\n"));
    const above = /^\s*\/\//.test(lines[first - 1] ?? "");
    const uses =
      ts.isIdentifier(node) ||
      /\bthrow\b/.test(flat) ||
      (param !== null && new RegExp(`\\b${param}\\b`).test(flat));
    const verdict: Verdict = /\brecord(Failure|Event|edAs)\b/.test(flat)
      ? "records"
      : uses
        ? "uses"
        : said || above
          ? "comment"
          : "silent";
    found.push({ where: `${file}:${first + 1}`, verdict, body: flat.slice(0, 100) });
  };
  const handler = (node: ts.Node) => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      judge(node, node.body, node.parameters[0]?.name.getText() ?? null);
    } else judge(node, node, null);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCatchClause(node)) {
      judge(node, node.block, node.variableDeclaration?.name.getText() ?? null);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [first, second] = node.arguments;
      if (node.expression.name.text === "catch" && first) handler(first);
      if (node.expression.name.text === "then" && second) handler(second);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sites = ["lib", "components", "entrypoints"].flatMap(sources).flatMap(sitesOf);
const show = process.argv[2];
for (const site of sites) {
  if (show === "all" || (show === "silent" && site.verdict === "silent")) {
    console.log(`${site.where} ${site.verdict} | ${site.body}`);
  }
}
const count = (verdict: Verdict) => sites.filter((site) => site.verdict === verdict).length;
console.log(
  `${sites.length} catch sites: ${count("records")} record, ${count("uses")} use the error, ` +
    `${count("comment")} silent with a comment saying why, ${count("silent")} silent without one`,
);
process.exitCode = count("silent") > 0 ? 1 : 0;
