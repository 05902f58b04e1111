/**
 * The callback-style Chrome APIs the background registers on (webRequest, proxy, action), as
 * the background's unit tests give them to `startBackground`: events that keep their
 * listeners, and the proxy configs applied, in order.
 */
export function fakeEvent() {
  const listeners: unknown[] = [];
  return {
    listeners,
    addListener: (listener: unknown) => void listeners.push(listener),
    removeListener: (listener: unknown) => {
      const at = listeners.indexOf(listener);
      if (at >= 0) listeners.splice(at, 1);
    },
    hasListeners: () => listeners.length > 0,
  };
}

export function chromeFake() {
  const applied: unknown[] = [];
  return {
    applied,
    api: {
      webRequest: {
        onAuthRequired: fakeEvent(),
        onHeadersReceived: fakeEvent(),
        onErrorOccurred: fakeEvent(),
      },
      proxy: {
        onProxyError: fakeEvent(),
        settings: {
          onChange: fakeEvent(),
          get: async () => ({ levelOfControl: "controllable_by_this_extension", value: {} }),
          set: async (details: { value: unknown }) => void applied.push(details.value),
          clear: async () => void applied.push("clear"),
        },
      },
      browsingData: { remove: async () => undefined },
      action: {
        setBadgeText: async () => undefined,
        setBadgeBackgroundColor: async () => undefined,
        setTitle: async (_details: { title: string }) => undefined,
      },
    },
  };
}
