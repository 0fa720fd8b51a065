/** The languages mails are written in (the PWA's languages). */
export type MailLanguage = 'en' | 'es';

/**
 * Picks the mail language from an Accept-Language header: Spanish when `es` (any region) is
 * preferred over `en` by quality and order, English otherwise (also for junk or no header).
 * `es-419,es;q=0.9,en;q=0.8` -> es; `en-US,es;q=0.5` -> en; `fr,es;q=0.4` -> es.
 */
export function mailLanguage(header: string | string[] | undefined): MailLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > 1024) return 'en';
  let best: { language: MailLanguage; quality: number } | null = null;
  for (const part of value.split(',').slice(0, 32)) {
    const [range, ...parameters] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'es') continue;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    // Earlier entries win ties, as browsers list them in order of preference.
    if (quality > 0 && (!best || quality > best.quality)) best = { language: primary, quality };
  }
  return best?.language ?? 'en';
}
