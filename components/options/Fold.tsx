/**
 * A part of a page shown on demand, so the page fits a screen: its heading is the button that
 * unfolds it. Open from the start when the address names it (`options.html#rules-subscribe`).
 */
import type { ComponentChildren } from "preact";

export function Fold(props: { id: string; heading: string; children: ComponentChildren }) {
  return (
    <details id={props.id} class="fold" open={globalThis.location?.hash === `#${props.id}`}>
      <summary>
        <h3>{props.heading}</h3>
      </summary>
      {props.children}
    </details>
  );
}
