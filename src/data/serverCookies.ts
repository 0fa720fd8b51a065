/**
 * The cookies the app writes for the server's choice of the first page it sends (the language,
 * whether a member is signed in: server/plugins/external/static.ts): every path, never
 * cross-site, secure over https, kept a year. Nothing else is ever put in a cookie.
 */

/** Whether the document holds the cookie `name` with exactly `value`. */
export const holdsCookie = (name: string, value: string, doc: Document = document): boolean =>
  doc.cookie.split(/;\s*/).includes(`${name}=${value}`);

/**
 * Writes `name=value` for a year, or takes the cookie away (`null`) with a date long past:
 * Max-Age=0 expires "now", which some cookie jars still keep for that millisecond.
 */
export function writeServerCookie(name: string, value: string | null, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const lifetime = value === null ? 'Expires=Thu, 01 Jan 1970 00:00:00 GMT' : `Max-Age=${365 * 24 * 60 * 60}`;
  doc.cookie = `${name}=${value ?? ''}; Path=/; ${lifetime}; SameSite=Lax${secure}`;
}
