/**
 * Earn QR codes as printed: the bare code, or a link `<public url>/earn?qr=<code>`. Pure
 * parsing, shared by the earn pipeline (which never sends what is no earn code) and the app.
 */

/** An earn QR code's own code: url-safe characters (the server hands out 16 or more). */
export const earnCodePattern = /^[A-Za-z0-9_-]{16,128}$/;

/** The path a printed earn QR code links to: `<public url>/earn?qr=<code>`. */
export const earnPath = '/earn';

/**
 * The code of an earn QR text: the bare code, or an http(s) link to `/earn` carrying exactly
 * one well-formed `qr` (any host: the code may be printed for another public URL of the same
 * product). Anything else (community codes, other links, words) is null and never sent.
 */
export function parseEarnCode(text: string): string | null {
  const trimmed = text.trim();
  if (earnCodePattern.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.pathname.replace(/\/+$/, '') !== earnPath) return null;
  const codes = url.searchParams.getAll('qr');
  return codes.length === 1 && earnCodePattern.test(codes[0]) ? codes[0] : null;
}
