import { it } from "vitest";
import { compileRules } from "../../../lib/routing/router";
import { parsePattern } from "../../../lib/routing/pattern";
import { pacScript } from "../../../lib/routing/pac";
import vm from "node:vm";
it("probe", () => {
  const bad: string[] = [];
  for (let p = 0; p <= 32; p++) {
    const text = `255.255.255.255/${p}`;
    const r = compileRules([{ id: "a", enabled: true, source: { type: "pattern", text }, route: { kind: "direct" } }]);
    for (const host of ["0.0.0.0", "255.255.255.255", "255.255.255.254", "128.0.0.0", "127.255.255.255"]) {
      const n = host.split(".").reduce((a, b) => a * 256 + Number(b), 0);
      const expect = p === 0 || Math.floor(n / 2 ** (32 - p)) === Math.floor(0xffffffff / 2 ** (32 - p));
      const got = r.route(`http://${host}/`) !== null;
      if (got !== expect) bad.push(`${text} ${host} got ${got}`);
    }
  }
  for (let p = 0; p <= 128; p++) {
    for (const addr of ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "::", "8000::"]) {
      const text = `${addr}/${p}`;
      const parsed = parsePattern(text);
      const r = compileRules([{ id: "a", enabled: true, source: { type: "pattern", text }, route: { kind: "direct" } }]);
      const script = pacScript([{ id: "a", enabled: true, source: { type: "pattern", text }, route: { kind: "direct" } }], () => "DIRECT", "NO");
      const ctx = vm.createContext({}); vm.runInContext(script, ctx);
      for (const host of ["::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe", "7fff::1"]) {
        const got = r.route(`http://[${host}]/`) !== null;
        const pac = (ctx as any).FindProxyForURL(`http://[${host}]/`, host) === "DIRECT";
        if (p === 0 && !got) bad.push(`${text} ${host} got ${got} ${JSON.stringify(parsed)} pac ${pac}`);
      }
    }
  }
  console.log(bad.join("\n"));
});
