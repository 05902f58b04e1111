/**
 * Component tests wait for outcomes, not for a number of ticks: `waitFor` tries an assertion
 * until it passes and fails with the assertion's own error once `timeout` ms have gone by.
 * Before each try, pending replies and the renders and effects they cause run inside Preact's
 * act, as the user would see them. Not for use under fake timers (each try waits a real tick).
 * The default limit is generous: a lazily loaded view is a module import, which on a machine
 * busy with browsers can take seconds; a passing wait returns as soon as it passes.
 */
import { act } from "preact/test-utils";
import { vi } from "vitest";

export async function waitFor<T>(
  assertion: () => T | Promise<T>,
  { timeout = 10_000 }: { timeout?: number } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      return assertion();
    },
    { timeout, interval: 1 },
  );
}

/**
 * `vi.waitFor` with a limit a loaded machine meets: its own default (1 s) is not (a loaded
 * clean-clone run, 2026-11-28: a popup's lazily loaded list came later). Also under fake timers.
 */
export const eventually = <T>(check: () => T | Promise<T>, timeout = 10_000): Promise<T> =>
  vi.waitFor(check, { timeout });
