/**
 * The absolute address of a web page (http or https) from a link the server or the cache gave;
 * null for anything else (`javascript:`, `data:` and the like) so it is never opened.
 */
export function safeWebUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
