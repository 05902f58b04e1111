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

/** The screen's width in the touch tests (a phone's: Firefox for Android at 360 px). */
export const TOUCH_WIDTH = 360;

/** A page either driver hands over: Playwright's and Puppeteer's both evaluate a function. */
interface EvaluatingPage {
  evaluate<T>(fn: () => T): Promise<T>;
}

/** What fails a finger on this page: short targets, targets off the screen or covered. */
export async function touchProblems(page: EvaluatingPage, view: string): Promise<string[]> {
  const targets = await page.evaluate(touchTargetsInPage);
  if (targets.length <= 3) return [`${view}: only ${targets.length} controls found`];
  const problems = targets.flatMap((target) => [
    ...(target.height < 44 ? [`${view}: ${target.what} is ${target.height} px tall`] : []),
    ...(target.left < 0 || target.right > TOUCH_WIDTH + 0.5
      ? [`${view}: ${target.what} runs off the screen (${target.left}–${target.right})`]
      : []),
    ...(target.reachable ? [] : [`${view}: a tap on ${target.what} lands elsewhere`]),
  ]);
  const [scroll = 0, client = 0] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  if (scroll > client) problems.push(`${view}: the page scrolls sideways`);
  return problems;
}
