/**
 * A recording fake fetch for unit tests of the glue (URL, headers, error mapping, retries).
 * Everything that the sandbox can serve is tested against the sandbox instead.
 */
import type { FetchLike } from "../../../lib/api";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** What the client asked fetch to do with redirects and cookies. */
  redirect: RequestRedirect | undefined;
  credentials: RequestCredentials | undefined;
}

export type Answer =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { throws: unknown };

export function fakeFetch(answers: Answer[] | ((call: RecordedCall) => Answer)) {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const call: RecordedCall = {
      url: input,
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? init.body : undefined,
      redirect: init.redirect,
      credentials: init.credentials,
    };
    calls.push(call);
    const answer =
      typeof answers === "function"
        ? answers(call)
        : (answers[Math.min(calls.length - 1, answers.length - 1)] ?? { status: 500 });
    if ("throws" in answer) throw answer.throws;
    const text = answer.text ?? (answer.json === undefined ? "" : JSON.stringify(answer.json));
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  };
  return { fetch, calls };
}
