/** The popup's early "which route?" (lib/popup/site-question.ts): asked once, used once. */
import { describe, expect, it } from "vitest";
import { askEarly, takeEarlyAnswer } from "../../../lib/popup/site-question";
import type { Send } from "../../../lib/protocol/send";

const tab = { url: "https://shop.example/" };

function recordingSend() {
  const sent: unknown[] = [];
  const send = (async (command: unknown) => {
    sent.push(command);
    return { ok: true, data: { host: "shop.example" } };
  }) as unknown as Send;
  return { send, sent };
}

describe("the early site question", () => {
  it("is asked once as the page opens and answers the line's first question; the next is asked afresh", async () => {
    const { send, sent } = recordingSend();
    askEarly(async () => tab, send);
    askEarly(async () => tab, send);
    const answer = await takeEarlyAnswer();
    expect(answer?.tab).toEqual(tab);
    expect(answer?.reply).toEqual({ ok: true, data: { host: "shop.example" } });
    expect(sent).toEqual([{ type: "routeOf", url: tab.url }]);
    expect(takeEarlyAnswer()).toBeNull();
  });

  it("without an active tab nothing is sent", async () => {
    const { send, sent } = recordingSend();
    askEarly(async () => null, send);
    expect(await takeEarlyAnswer()).toEqual({ tab: null, reply: null });
    expect(sent).toEqual([]);
  });
});
