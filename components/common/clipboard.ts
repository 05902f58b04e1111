/** The one clipboard write of the popup and the options page. */

/** Copies text; resolves false when the browser refuses (no focus, no permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Said by the caller ("Copying failed…"), with how to copy by hand.
    return false;
  }
}
