/** preact/compat's memo without pulling in compat: skip a render when no prop changed. */
import { Component, type ComponentType, type FunctionComponent, h } from "preact";

export function memo<P extends object>(view: FunctionComponent<P>): ComponentType<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const current = this.props as Record<string, unknown>;
      const incoming = next as Record<string, unknown>;
      for (const key in incoming) if (current[key] !== incoming[key]) return true;
      for (const key in current) if (!(key in incoming)) return true;
      return false;
    }
    override render(props: P) {
      return h(view, props);
    }
  }
  return Memo;
}
