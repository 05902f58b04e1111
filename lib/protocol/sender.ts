/** Only pages of this extension (popup, options) may command the background. */
export function isOwnPage(
  sender: { id?: string; url?: string },
  extensionId: string,
  extensionOrigin: string,
): boolean {
  return sender.id === extensionId && (sender.url ?? "").startsWith(extensionOrigin);
}
