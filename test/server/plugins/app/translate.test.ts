import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_COMMUNITY_NAME_ES, ensureDemoContent } from '../../../../server/db/demoContent';
import { createEarnPromo } from '../../../../server/db/repositories/promos';
import { setSupportContact } from '../../../../server/db/repositories/support';
import { backends } from '../../helpers/databases';
import { call, expectFailure, expectOk, useHarness } from '../../helpers/harness';
import { startFakeTranslator, type FakeTranslator } from '../../../support/fakeTranslator';

describe.each(backends)('POST /api/translate on $name', (backend) => {
  const h = useHarness(backend);
  let translator: FakeTranslator;
  let app: FastifyInstance;

  beforeAll(async () => {
    translator = await startFakeTranslator();
    app = await h.buildApp({ translateUrl: translator.url, translateTimeoutMs: 300 });
  });
  afterAll(async () => {
    await translator.close();
  });
  beforeEach(() => {
    translator.mode = 'translate';
    translator.requests.length = 0;
  });

  const translate = (data: string, targetLang: string, on: FastifyInstance = app) =>
    call(on, { method: 'POST', url: '/api/translate', form: { data, targetLang } });

  it('answers the operator\'s own Spanish for a text written in both languages, without asking the translator', async () => {
    await createEarnPromo(h.db, { communityId: h.community.id, title: { en: 'Beach clean-up', es: 'Limpieza de playa' }, pips: 3 });
    await setSupportContact(h.db, h.community.id, { email: 'a@b.example', url: null, phone: null, text: { en: 'Call us', es: 'Llámanos' } });
    expect(expectOk(await translate('Beach clean-up', 'es-LA'))).toEqual({ data: 'Limpieza de playa' });
    expect(expectOk(await translate('Call us', 'es'))).toEqual({ data: 'Llámanos' });
    // Already in the asked language, and the way back.
    expect(expectOk(await translate('Limpieza de playa', 'es-LA'))).toEqual({ data: 'Limpieza de playa' });
    expect(expectOk(await translate('Limpieza de playa', 'en'))).toEqual({ data: 'Beach clean-up' });
    expect(translator.requests).toEqual([]);
  });

  it('answers the demo community\'s name in Spanish', async () => {
    await ensureDemoContent(h.db, h.community.id);
    expect(expectOk(await translate(h.community.name, 'es-LA'))).toEqual({ data: DEMO_COMMUNITY_NAME_ES });
    expect(expectOk(await translate(DEMO_COMMUNITY_NAME_ES, 'en'))).toEqual({ data: h.community.name });
    expect(translator.requests).toEqual([]);
  });

  it('asks the machine translator for other text (es-LA as es), then answers from its cache', async () => {
    await createEarnPromo(h.db, { communityId: h.community.id, title: { en: 'Only in English' }, pips: 3 });
    expect(expectOk(await translate('Only in English', 'es-LA'))).toEqual({ data: '[es] Only in English' });
    expect(translator.requests).toEqual([{ q: 'Only in English', source: 'auto', target: 'es', format: 'text' }]);
    translator.mode = 'fail';
    expect(expectOk(await translate('Only in English', 'es'))).toEqual({ data: '[es] Only in English' });
    // The cache is in the database: another instance answers it too.
    const other = await h.buildApp({ translateUrl: translator.url, translateTimeoutMs: 300 });
    expect(expectOk(await translate('Only in English', 'es', other))).toEqual({ data: '[es] Only in English' });
    expect(translator.requests).toHaveLength(1);
  });

  it.each(['fail', 'garbage', 'hang'] as const)('answers the original text when the translator answers %s', async (mode) => {
    translator.mode = mode;
    const started = Date.now();
    expect(expectOk(await translate('Nothing to see here', 'es'))).toEqual({ data: 'Nothing to see here' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(translator.requests).toHaveLength(1);
    // A failure is not cached: the next call asks again.
    translator.mode = 'translate';
    expect(expectOk(await translate('Nothing to see here', 'es'))).toEqual({ data: '[es] Nothing to see here' });
  });

  it('answers the original text when no translator is configured', async () => {
    expect(expectOk(await translate('Hello there', 'es', h.app))).toEqual({ data: 'Hello there' });
    expect(translator.requests).toEqual([]);
  });

  it('refuses bad input with a 400, never a 5xx', async () => {
    expectFailure(await translate('', 'es'), 400, 'VALIDATION_ERROR');
    expectFailure(await translate('Hi', 'spanish'), 400, 'VALIDATION_ERROR');
    expectFailure(await call(app, { method: 'POST', url: '/api/translate', form: { data: 'Hi' } }), 400, 'VALIDATION_ERROR');
  });
});
