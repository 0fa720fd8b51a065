import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { winnersAnnouncement } from '../../server/contests/announceWinners';
import { fictionalName } from '../../server/contests/playerNames';
import type { FinishedDraw } from '../../server/contests/runDraws';
import { ADJUSTMENT_TITLE } from '../../server/db/repositories/ledger';
import { SPANISH_ERROR_MESSAGES, spanishValidationMessage } from '../../server/i18n/errorMessages';
import { operatorInvitationMail, passwordResetMail, verificationMail } from '../../server/mail/messages';
import { NOT_ACTIVE } from '../../server/plugins/app/chanceToWin';
import { INDIVIDUAL_TITLE } from '../../server/plugins/app/trivia';
import { resolveText } from '../../server/i18n/localized';
import type { LocalizedText } from '../../server/db/schema';
import { englishWordsIn } from '../support/englishWords';
import { backends } from './helpers/databases';
import { expectFailure, useHarness } from './helpers/harness';

const es = (text: LocalizedText) => resolveText(text, 'es');

const draw = (winners: string[], entryCount: number): FinishedDraw => ({
  contestId: 7,
  communityId: 'barrio',
  name: { en: 'Autumn draw', es: 'Sorteo de otoño' },
  prize: { en: 'A bicycle', es: 'Una bicicleta' },
  entryCount,
  winners: winners.map((name, index) => ({ userId: index + 1, entryId: index + 10, realName: 'Ana G.', playerName: { en: name, es: name } })),
});

/** Validation failures as `describeValidation` (server/plugins/app/errorHandler.ts) words them. */
const validationSamples = [
  'email (query): is required',
  'idempotencyKey (body): is not an allowed field',
  'phone (body): has an invalid format',
  'amount (query): must be at least 1',
  'amount (query): must be at most 100',
  'delta (body): must not be 0',
  'firstName (body): must NOT have more than 100 characters',
  'password (body): must NOT have fewer than 8 characters',
  'pid (query): must be integer',
  'remember (body): must be boolean',
  'language (header): must be equal to one of the allowed values',
  'answers.0 (body): must match a schema in anyOf',
  'body: not valid JSON.',
  'query: must be object',
];
const fieldOf = (english: string) => [/^(\S+) \(/.exec(english)?.[1] ?? ''].filter(Boolean);

/**
 * Every text the server writes for a member, in Spanish, rendered with sample values, by the
 * source file that writes it; `names` are the proper names the sample passes in.
 */
const spanishTexts: Record<string, { what: string; text: string; names?: string[] }[]> = {
  'server/mail/messages.ts': [
    { what: 'the verification mail', ...mail(verificationMail('ana@ejemplo.es', '123456', 10, 'es')) },
    { what: 'the password reset mail', ...mail(passwordResetMail('ana@ejemplo.es', 'http://pips.test/reset-password?emailToken=abc&email=ana', 30, 'es')) },
    ...(['owner', 'editor', 'viewer'] as const).map((role) => ({
      what: `the ${role} invitation mail`,
      names: ['Barrio Norte'],
      ...mail(operatorInvitationMail('ana@ejemplo.es', { link: 'http://pips.test/console?invitation=abc', community: 'Barrio Norte', role, days: 7 }, 'es')),
    })),
  ],
  'server/contests/announceWinners.ts': [
    [[], 0],
    [['Zorro Valiente'], 1],
    [['Zorro Valiente', 'Oso Feliz', 'Lince Audaz'], 12],
  ].flatMap(([winners, entries]) => {
    const announcement = winnersAnnouncement(draw(winners as string[], entries as number));
    const names = ['Sorteo de otoño', ...(winners as string[])];
    return [
      { what: `the draw's announcement title (${entries} entries)`, text: announcement.title.es ?? '', names },
      { what: `the draw's announcement and push text (${entries} entries)`, text: announcement.text.es ?? '', names },
    ];
  }),
  'server/contests/playerNames.ts': [{ what: 'the players\' names', text: Array.from({ length: 512 }, (_, id) => fictionalName(3, id * 97, 'es')).join(', ') }],
  'server/db/repositories/ledger.ts': [{ what: "an adjustment's activity label", text: es(ADJUSTMENT_TITLE) }],
  'server/plugins/app/trivia.ts': [{ what: "the question of the day's activity label", text: es(INDIVIDUAL_TITLE) }],
  'server/plugins/app/chanceToWin.ts': [{ what: 'no contest right now', text: NOT_ACTIVE.es }],
  'server/i18n/errorMessages.ts': [
    ...Object.entries(SPANISH_ERROR_MESSAGES).map(([code, text]) => ({ what: `the ${code} error`, text })),
    // A validation failure as the error handler words it in English, then in Spanish.
    ...validationSamples.map((english) => ({ what: `the validation error "${english}"`, text: spanishValidationMessage(english), names: fieldOf(english) })),
  ],
  // The demo community's content, as the server seeds it.
  'server/db/demoContent.ts': [...readFileSync('server/db/demoContent.ts', 'utf8').matchAll(/\bes: '((?:[^'\\]|\\.)*)'/g)].map((match) => ({
    what: 'demo content',
    text: match[1],
  })),
};

function mail(message: { subject: string; text: string }) {
  return { text: `${message.subject}\n${message.text}` };
}

/** Server files with Spanish in a string that a member never reads (the operator's CLI), or reads beside its English (the printed QR sheet). */
const notForMembers = ['server/admin/args.ts', 'server/admin/qrSheet.ts', 'server/admin/rewards.ts'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [relative('.', path)] : [];
  });

describe('what the server writes for members, in Spanish', () => {
  it('finds English left in a Spanish text (the check itself)', () => {
    expect(englishWordsIn('Chance to Win: se sorteó Sorteo de otoño')).toEqual(['chance', 'to', 'win']);
    expect(englishWordsIn('Abre Chance to Win para verificar el sorteo tú mismo.')).toEqual(['chance', 'to', 'win']);
    expect(englishWordsIn('Your code: 123456. No hay sorteo; te has clasificado once veces, editor.')).toEqual(['your', 'code']);
    expect(englishWordsIn('Abre http://pips.test/reset-password?email=ana y gana pips en Barrio Win', ['Barrio Win'])).toEqual([]);
  });

  it.each(Object.entries(spanishTexts).flatMap(([file, texts]) => texts.map((entry) => [file, entry.what, entry] as const)))(
    '%s: %s has no English word',
    (_file, _what, { text, names }) => {
      expect(text.trim()).not.toBe('');
      expect(englishWordsIn(text, names), text).toEqual([]);
    },
  );

  it('walks every server file that writes Spanish', () => {
    // A string with a Spanish letter, or the Spanish half of a { en, es } text.
    const spanish = /['`"][^'`"\n]*[áéíóúñ¿¡][^'`"\n]*['`"]|\bes: *['`"]/;
    const writing = sourceFiles('server')
      .filter((path) => spanish.test(readFileSync(path, 'utf8')))
      .filter((path) => !notForMembers.includes(path))
      .sort();
    expect(writing).toEqual(Object.keys(spanishTexts).sort());
  });
});

describe.each(backends)('error messages in the member\'s language on $name', (backend) => {
  const h = useHarness(backend);

  it('a member whose app asks in Spanish reads a failure in Spanish; English callers and the operator API keep English', async () => {
    const member = await h.registerVerified();
    const wrong = { method: 'POST' as const, url: '/mobile/login', form: { email: member.email, pwd: 'Wrong-Password-9!' } };
    const spanish = await h.call({ ...wrong, headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expectFailure(spanish, 401, 'INVALID_CREDENTIALS');
    expect(spanish.body.error.message).toBe(SPANISH_ERROR_MESSAGES.INVALID_CREDENTIALS);
    const english = await h.call({ ...wrong, headers: { 'accept-language': 'en-US' } });
    expect(englishWordsIn(english.body.error.message).length).toBeGreaterThan(0);
    // A bad field: named in either language, the rule in the member's.
    const missing = { method: 'POST' as const, url: '/mobile/login', form: { pwd: 'Wrong-Password-9!' } };
    const spanishMissing = await h.call({ ...missing, headers: { 'accept-language': 'es' } });
    expectFailure(spanishMissing, 400, 'VALIDATION_ERROR');
    expect(spanishMissing.body.error.message).toMatch(/^El campo «email» (de la consulta|del cuerpo) es obligatorio\.$/);
    const englishMissing = await h.call({ ...missing, headers: { 'accept-language': 'en' } });
    expect(englishMissing.body.error.message).toMatch(/^email \(.+\): is required$/);
    const operator = await h.call({ url: `/admin/communities/${h.community.id}/operators`, token: member.authToken, headers: { 'accept-language': 'es' } });
    expect(operator.status).toBe(403);
    expect(englishWordsIn(operator.body.error.message).length).toBeGreaterThan(0);
  });
});
