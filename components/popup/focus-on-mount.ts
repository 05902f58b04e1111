/**
 * A ref that focuses its element once, when it appears: for a step that replaces the whole
 * view (the create wizard's summary and result), so focus does not fall back to the page and
 * a screen reader reads where the user now is.
 */
export const focusOnMount = (element: HTMLElement | null): void => {
  if (element && !element.contains(document.activeElement)) element.focus();
};
