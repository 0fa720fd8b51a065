/** The bell's badge, 99+ above 99; nothing at 0. */
export function bellCount(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

/** A link inside the app (`/earn`, not `//host` or a full URL): opened in the app. */
export const isInternalPath = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !/[\\\s]/.test(url);
