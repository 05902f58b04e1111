/**
 * The proxy-challenge answer both browsers give. The loop guard's records (which request ids
 * were already answered) live in memory, so forty challenges arriving at once each see the
 * others' answers; storage.session only mirrors them for a worker woken by the next challenge.
 */
import type { Failure } from "../protocol/failure";
import { read, readState } from "../state/read";
import { updateState } from "../state/store";
import { type AuthChallenge, decideAuth, recordAnswer } from "./auth";

export type AuthResponse = {
  authCredentials?: { username: string; password: string };
  cancel?: boolean;
};

export function createAuthResponder(onRefused: (failure: Failure) => Promise<void>) {
  let answered: Record<string, number> = {};
  // Loaded once per worker life, before the first decision.
  let mirrorLoaded: Promise<void> | null = null;
  const loadMirror = () => {
    mirrorLoaded ??= read("authAttempts").then((stored) => {
      answered = { ...stored, ...answered };
    });
    return mirrorLoaded;
  };

  return async function answerChallenge(challenge: AuthChallenge): Promise<AuthResponse> {
    const [{ connection, tokens }] = await Promise.all([
      readState(["connection", "tokens"]),
      loadMirror(),
    ]);
    const active = tokens.find((t) => t.id === connection.activeTokenId) ?? null;
    // From here to the record below nothing awaits: the check and the record are one step.
    const decision = decideAuth(challenge, active, answered[challenge.requestId] ? 1 : 0);
    if (decision.action === "ignore") return {};
    if (decision.action === "cancel") {
      // Stored before the request fails, so whoever sees the failure also finds the reason.
      await onRefused({ code: "credentials-refused" });
      return { cancel: true };
    }
    answered = recordAnswer(answered, challenge.requestId, Date.now());
    const snapshot = answered;
    await updateState(["authAttempts"], () => ({ write: { authAttempts: snapshot }, result: 0 }));
    return { authCredentials: { username: decision.username, password: decision.password } };
  };
}

export type AnswerChallenge = ReturnType<typeof createAuthResponder>;
