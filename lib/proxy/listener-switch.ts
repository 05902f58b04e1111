/**
 * A webRequest listener the background attaches only while it needs it. A listener for every
 * request (onCompleted, onHeadersReceived) makes the browser hand each of a page's requests to
 * the worker, which costs a page of 300 images a tenth of its load time in Chromium (measured
 * by `npm run bench`): on the happy path Proxy Deck listens to none of them.
 */

interface ListenerEvent<L> {
  addListener(listener: L, filter: { urls: string[] }): void;
  removeListener(listener: L): void;
}

export interface ListenerSwitch {
  set(on: boolean): void;
  readonly on: boolean;
}

/**
 * `startOn`: registered now, synchronously, so an event that wakes the worker is heard; left
 * off, the listener is still added and removed once, because Chrome keeps a listener that was
 * attached when its worker stopped and would wake the worker for each request until the
 * extension removes it.
 */
export function listenerSwitch<L>(
  events: ListenerEvent<L>[],
  listener: L,
  startOn: boolean,
): ListenerSwitch {
  const filter = { urls: ["<all_urls>"] };
  for (const event of events) event.addListener(listener, filter);
  let on = true;
  const set = (wanted: boolean) => {
    if (wanted === on) return;
    on = wanted;
    for (const event of events) {
      if (wanted) event.addListener(listener, filter);
      else event.removeListener(listener);
    }
  };
  set(startOn);
  return {
    set,
    get on() {
      return on;
    },
  };
}
