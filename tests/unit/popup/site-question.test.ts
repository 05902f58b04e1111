/** The popup's early "which route?" (site-question.ts): used once, and only by the page that asked. */
import { describe, expect, it } from "vitest";
import { askEarly, takeEarlyAnswer } from "../../../components/popup/site-question";
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
  it("is asked once at the first frame and answers the line's first question; the next is asked afresh", async () => {
    const { send, sent } = recordingSend();
    askEarly(async () => tab, send);
    askEarly(async () => tab, send);
    const answer = await takeEarlyAnswer(send);
    expect(answer?.tab).toEqual(tab);
    expect(answer?.reply).toEqual({ ok: true, data: { host: "shop.example" } });
    expect(sent).toEqual([{ type: "routeOf", url: tab.url }]);
    expect(takeEarlyAnswer(send)).toBeNull();
  });

  it("another page's question is not taken (a page has one send)", () => {
    const page = recordingSend();
    askEarly(async () => tab, page.send);
    expect(takeEarlyAnswer(recordingSend().send)).toBeNull();
  });
});
