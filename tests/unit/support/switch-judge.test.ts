/**
 * How the switch loops judge a run (tests/support/fetch-loop.ts): each switch's first request
 * after its reply must leave from the new exit, and so must every later one, except the one
 * request still on its way when the next switch began, which may leave through either token.
 */
import { describe, expect, it } from "vitest";
import { type LoopRequest, NO_SWITCH_PROBLEMS, switchProblems } from "../../support/fetch-loop";

const A = "127.0.0.2";
const B = "127.0.0.3";
/** To B (replied at 100), then back to A (began at 200, replied at 250). */
const switches = [
  { from: A, to: B, startedAt: 50, repliedAt: 100 },
  { from: B, to: A, startedAt: 200, repliedAt: 250 },
];
const request = (sent: number, ended: number, exit: string): LoopRequest => ({ sent, ended, exit });

describe("judging a run of switches", () => {
  it("a clean run has no problems", () => {
    const requests = [request(110, 150, B), request(150, 190, B), request(260, 300, A)];
    expect(switchProblems(requests, switches)).toEqual(NO_SWITCH_PROBLEMS);
  });

  it("a request on its way when the next switch began may leave through the next token", () => {
    const requests = [request(110, 150, B), request(190, 230, A), request(260, 300, A)];
    expect(switchProblems(requests, switches)).toEqual(NO_SWITCH_PROBLEMS);
  });

  it("a request that ended before the next switch began, from the old exit, is stale", () => {
    const requests = [request(110, 150, B), request(160, 195, A), request(260, 300, A)];
    expect(switchProblems(requests, switches).stale).toEqual([
      { switch: 0, exit: A, expected: B, afterReply: 60, beforeNext: 40 },
    ]);
  });

  it("a request on its way at the next switch that left through neither token is stale", () => {
    const requests = [request(110, 150, B), request(190, 230, "127.0.0.9"), request(260, 300, A)];
    expect(switchProblems(requests, switches).stale).toHaveLength(1);
  });

  it("the first request after a reply is judged strictly, and after the last switch too", () => {
    const requests = [request(110, 150, A), request(260, 300, B)];
    const problems = switchProblems(requests, switches);
    expect(problems.wrongFirst).toEqual([
      { switch: 0, exit: A },
      { switch: 1, exit: B },
    ]);
    expect(problems.stale).toHaveLength(2);
  });

  it("hung, failed and direct requests are named", () => {
    const requests = [
      request(110, 150, B),
      request(150, 160, "hung"),
      request(160, 170, "failed"),
      request(170, 180, "status 502"),
      request(260, 300, "127.0.0.1"),
    ];
    const problems = switchProblems(requests, switches);
    expect(problems.hung).toHaveLength(1);
    expect(problems.failed).toHaveLength(2);
    expect(problems.direct).toHaveLength(1);
  });
});
