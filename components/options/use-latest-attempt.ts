/**
 * Numbers a form's attempts (a save, a verify): only the latest one's answer may show, so an
 * earlier answer that arrives late (a slow provider) does not overwrite what the last click found.
 */
import { useRef } from "preact/hooks";

export function useLatestAttempt() {
  const count = useRef(0);
  return {
    start: () => ++count.current,
    isLatest: (attempt: number) => attempt === count.current,
  };
}
