/**
 * What a finger meets on a page: every control the page shows, its box, and whether a tap at its
 * centre lands on it. Checkboxes and radios are tapped through their label (the label is the
 * target), so their label's box is what counts. Runs in the page (Chromium and Firefox alike).
 */
export interface TouchTarget {
  what: string;
  height: number;
  left: number;
  right: number;
  /** A tap at the target's centre, once scrolled into view, reaches the control. */
  reachable: boolean;
}

export function touchTargetsInPage(): TouchTarget[] {
  const selector =
    'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]';
  const out: TouchTarget[] = [];
  for (const control of document.querySelectorAll<HTMLElement>(selector)) {
    if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const box =
      control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type)
        ? (control.closest("label") ?? control.labels?.[0] ?? control)
        : control;
    box.scrollIntoView({ block: "center", inline: "center" });
    const rect = box.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const name =
      control.getAttribute("aria-label") ??
      control.textContent?.trim().slice(0, 40) ??
      control.getAttribute("name") ??
      "";
    out.push({
      what: `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ""} “${name}”`,
      height: Math.round(rect.height * 10) / 10,
      left: rect.left,
      right: rect.right,
      reachable: hit !== null && (box.contains(hit) || hit.contains(box) || control.contains(hit)),
    });
  }
  window.scrollTo(0, 0);
  return out;
}
