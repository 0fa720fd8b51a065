import type { LocalizedText } from '../db/schema';

/** What a printed sheet says under and above an earn code. */
export interface QrCaption {
  community: string;
  title: LocalizedText;
  pips: number;
  limit: 'once' | 'daily';
  validUntil: Date | null;
}

/** What a printed sheet says around a community's join code. */
export interface JoinCaption {
  kind: 'join';
  community: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A centred line of text on the A4 drawing (210 units wide). */
const line = (y: number, text: string, fontSize: number, weight = 'normal', style = 'normal') =>
  `<text x="105" y="${y}" font-size="${fontSize}" font-weight="${weight}" font-style="${style}" text-anchor="middle">${escape(text)}</text>`;

/** The bare code (as the qrcode library draws it) placed 140 units wide at (35, y). */
const placedCode = (qrSvg: string, y: number) => {
  const viewBox = /viewBox="([^"]+)"/.exec(qrSvg)?.[1] ?? '0 0 1 1';
  const inner = qrSvg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg x="35" y="${y}" width="140" height="140" viewBox="${viewBox}" shape-rendering="crispEdges">${inner}</svg>`;
};

/** The page's opening: its size in millimetres, the A4 drawing, a white ground. */
const page = (size: keyof typeof SHEETS) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEETS[size].width}mm" height="${SHEETS[size].height}mm" viewBox="0 0 210 297" font-family="Helvetica, Arial, sans-serif" fill="#111">\n<rect width="210" height="297" fill="#fff"/>`;

const longDate = (date: Date, locale: string) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

/** Sheet sizes in millimetres: A4 to pin on a board, A2 as a poster (the same drawing, twice as big). */
export const SHEETS = { a4: { width: 210, height: 297 }, poster: { width: 420, height: 594 } } as const;

/**
 * A printable page: the community and the code's title above it, what a scan earns and until
 * when below it, in English and Spanish. `qrSvg` is the bare code as the qrcode library draws
 * it (an <svg> with a viewBox); the page is drawn in A4 millimetres and scaled to `size`.
 */
export function qrSheetSvg(qrSvg: string, caption: QrCaption | JoinCaption, size: keyof typeof SHEETS): string {
  if ('kind' in caption) return joinSheetSvg(qrSvg, caption, size);
  const en = typeof caption.title === 'string' ? caption.title : caption.title.en;
  const es = typeof caption.title === 'string' ? null : (caption.title.es ?? null);
  const until = caption.validUntil
    ? `Valid until ${longDate(caption.validUntil, 'en-US')} · Válido hasta el ${longDate(caption.validUntil, 'es')}`
    : null;
  const limit = caption.limit === 'daily' ? 'Once a day per member · Una vez al día por miembro' : 'Once per member · Una vez por miembro';
  return [
    page(size),
    line(28, caption.community, 8),
    line(46, en, 13, 'bold'),
    es && es !== en ? line(56, es, 9, 'normal', 'italic') : '',
    placedCode(qrSvg, 66),
    line(224, `Scan it with the app to earn ${caption.pips} pips`, 9, 'bold'),
    line(235, `Escanéalo con la app y gana ${caption.pips} pips`, 8),
    line(250, limit, 6),
    until ? line(260, until, 6) : '',
    '</svg>',
    '',
  ].join('\n');
}

/**
 * The join poster: the community's name above the code, and below it how to join, in English and
 * Spanish (a phone's camera opens the app on the join link; sign up there). Drawn as the earn
 * pages are, in A4 millimetres scaled to `size`.
 */
function joinSheetSvg(qrSvg: string, caption: JoinCaption, size: keyof typeof SHEETS): string {
  return [
    page(size),
    // A long name gets a smaller size so it stays on the page (about 24 characters fit at 14).
    line(34, caption.community, Math.max(5, Math.min(14, (14 * 24) / Math.max(1, caption.community.length))), 'bold'),
    line(48, 'Join us and earn rewards · Únete y gana recompensas', 7),
    placedCode(qrSvg, 62),
    line(220, "Scan it with your phone's camera and sign up", 7.5, 'bold'),
    line(231, 'Escanéalo con la cámara del móvil y regístrate', 7),
    line(246, 'Then earn pips and redeem them for rewards', 5.5),
    line(254, 'Luego gana pips y cámbialos por recompensas', 5.5, 'normal', 'italic'),
    '</svg>',
    '',
  ].join('\n');
}
