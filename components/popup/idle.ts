/** Runs a task when the page is idle (soon, where there is no idle callback); returns its cancel. */
export function whenIdle(task: () => void): () => void {
  const scope = globalThis as {
    requestIdleCallback?: (run: () => void) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (scope.requestIdleCallback && scope.cancelIdleCallback) {
    const id = scope.requestIdleCallback(task);
    const cancel = scope.cancelIdleCallback;
    return () => cancel(id);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
}
