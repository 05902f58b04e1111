/**
 * Guards sized for a machine three times slower than the one the suite is written on (2 cores,
 * nothing beside it): a contributor's laptop, or CI sharing its machine with other work. A
 * guard is how long a test waits for an outcome before calling it lost; on a quiet machine the
 * outcome comes long before, so a guard costs a green run nothing. A guard that fires means
 * something hangs, not that the machine is slow. Tests wait on outcomes, never on a time; a
 * figure that depends on speed is printed (or benched), not asserted.
 */
export const SLOWER_MACHINE = 3;

export const guard = (ms: number): number => ms * SLOWER_MACHINE;
