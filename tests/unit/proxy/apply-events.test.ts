/** The applies as the log keeps them: worded so the scrubber (which errs on hiding) keeps them. */
import { describe, expect, it } from "vitest";
import { createDiagnosticsLog } from "../../../lib/diagnostics/log";
import { withText } from "../../../lib/diagnostics/message";
import { setDiagnosticsSink } from "../../../lib/diagnostics/record";
import { noteApply } from "../../../lib/proxy/apply-events";

describe("noteApply", () => {
  it("says which route and how it went, and why it failed, past the scrubber", async () => {
    const log = createDiagnosticsLog({ area: null });
    setDiagnosticsSink((event) => log.record(withText(event)));
    noteApply("reconcile", "no token chosen", "applied");
    noteApply("reconcile", "off", "rules refused, blocking", new Error("Invalid PAC script"));
    noteApply("reconcile", "token #7", "fail closed", { code: "config-failed", detail: "bad" });
    noteApply("connect", "token #7", "applied");
    setDiagnosticsSink(null);
    expect((await log.read()).map((e) => `${e.where}: ${e.text}`)).toEqual([
      "reconcile: no token chosen: applied",
      "reconcile: off: rules refused, blocking (Invalid PAC script)",
      "reconcile: token #7: fail closed (config-failed bad)",
      "connect: token #7: applied",
    ]);
  });
});
