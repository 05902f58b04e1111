/** The one clipboard write of the popup and the options page. */

/** Copies text; resolves false when the browser refuses (no focus, no permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
