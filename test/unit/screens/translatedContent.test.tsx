// Loads fake-indexeddb before Dexie is imported.
import '../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CommunitySupport } from '../../../src/api/client';
import { forgetTranslations } from '../../../src/data/translations';
import { fakeFetch, requests, user, type SentRequest } from './fakeFetch';
import { renderApp } from './renderApp';
import { resetData, signIn } from './rewards/dataHarness';

/** Operator content written only in English. */
const englishOnly = (text: string): CommunitySupport => ({
  communityId: 'demo',
  communityName: 'Harbour Club',
  contact: { email: 'help@demo.example', url: null, phone: null, text },
});

const spanish: Record<string, string> = {
  'Harbour Club': 'Club del Puerto',
  'Ask us anything at the front desk': 'Pregúntanos lo que quieras en recepción',
};
const translator = (request: SentRequest) => ({ data: { data: spanish[request.form.data] ?? request.form.data } });

const main = () => within(screen.getByRole('main'));

beforeEach(async () => {
  await forgetTranslations();
  signIn();
});
afterEach(resetData);

describe('operator content in the member’s language', () => {
  it('shows the translation /api/translate answers when the app is in Spanish, asking as es-LA', async () => {
    const sent = fakeFetch({
      'GET /mobile/community/support': { data: englishOnly('Ask us anything at the front desk') },
      'POST /api/translate': translator,
    });
    await renderApp({ path: '/support', language: 'es' });
    expect(await main().findByText('Pregúntanos lo que quieras en recepción')).toBeTruthy();
    expect(main().getByText(/Club del Puerto/)).toBeTruthy();
    expect(main().queryByText('Ask us anything at the front desk')).toBeNull();
    const asked = requests(sent, 'POST', '/api/translate');
    expect(asked.map((request) => request.form).sort((a, b) => a.data.localeCompare(b.data))).toEqual([
      { data: 'Ask us anything at the front desk', targetLang: 'es-LA' },
      { data: 'Harbour Club', targetLang: 'es-LA' },
    ]);
  });

  it('shows the community’s name in Spanish on Profile', async () => {
    const sent = fakeFetch({
      'GET /mobile/user/get': { data: { ...user, communityName: 'Harbour Club' } },
      'POST /api/translate': translator,
    });
    await renderApp({ path: '/profile', language: 'es' });
    expect(await main().findByText('Club del Puerto')).toBeTruthy();
    expect(main().queryByText('Harbour Club')).toBeNull();
    expect(requests(sent, 'POST', '/api/translate').map((request) => request.form)).toEqual([{ data: 'Harbour Club', targetLang: 'es-LA' }]);
  });

  it('shows the original when the translation fails', async () => {
    const sent = fakeFetch({
      'GET /mobile/community/support': { data: englishOnly('Ask us anything at the front desk') },
      'POST /api/translate': { status: 500, error: 'INTERNAL_ERROR' },
    });
    await renderApp({ path: '/support', language: 'es' });
    expect(await main().findByText('Ask us anything at the front desk')).toBeTruthy();
    await waitFor(() => expect(requests(sent, 'POST', '/api/translate').length).toBe(2));
  });

  it('asks nothing when the app is in English', async () => {
    const sent = fakeFetch({
      'GET /mobile/community/support': { data: englishOnly('Ask us anything at the front desk') },
      'POST /api/translate': translator,
    });
    await renderApp({ path: '/support' });
    expect(await main().findByText('Ask us anything at the front desk')).toBeTruthy();
    expect(requests(sent, 'POST', '/api/translate')).toEqual([]);
  });
});
