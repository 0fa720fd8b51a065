/**
 * An in-app path from the server (questionnaireUrl '/forms/3', redirectToInternalScreen
 * '/trivia/individual'), for a wouter Link: a single leading slash, no scheme, no other host.
 * Anything else is null and not linked.
 */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, 'https://app.invalid');
    return url.host === 'app.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
