// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, requests } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const harbour = { communityId: 'harbour', name: 'Harbour Club', role: 'editor' as const };
const survey = { id: 4, title: { en: 'Park survey', es: 'Encuesta del parque' }, pips: 12, steps: 2, answers: 0, archived: false };
const main = () => within(screen.getByRole('main'));

// The console is the largest lazy screen (see AdminScreen.test.tsx).
beforeAll(() => import('../../../../src/screens/admin/AdminScreen'), 60_000);
beforeEach(() => void signIn());
afterEach(resetData);

/** Issue 49: a questionnaire made in the console is offered on the members' Earn screen from the console too. */
describe('the console, a questionnaire offered on Earn', () => {
  it('creates an earn action with its title and pips that leads to it, then shows it is on Earn', async () => {
    let offered: number[] = [];
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [harbour] } },
      'GET /admin/communities/harbour/questionnaires': () => ({ data: { questionnaires: [{ ...survey, earnActionIds: offered }] } }),
      'POST /admin/communities/harbour/promos': ({ json }) => {
        offered = [31];
        const input = json as { title: { en: string }; pips: number };
        return { data: { promo: { id: 31, communityId: 'harbour', type: 'EARN', title: input.title, description: null, url: null, pips: input.pips, earnLimit: 'once', archived: false, createdAt: '2026-12-03T00:00:00.000Z', image: null, questionnaireId: 4 }, options: [] } };
      },
    });
    await renderApp({ path: '/console/questionnaires' });
    const card = await main().findByTestId('admin-questionnaire');
    expect(within(card).queryByText('On Earn')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Offer on Earn: Park survey' }));
    expect(await main().findByText('Created “Park survey”. Members see it now.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/communities/harbour/promos').map((r) => r.json)).toEqual([
      { type: 'EARN', title: { en: 'Park survey', es: 'Encuesta del parque' }, pips: 12, earnLimit: 'once', questionnaireId: 4 },
    ]);
    // Reloaded: on Earn now, and not offered twice.
    expect(await within(main().getByTestId('admin-questionnaire')).findByText('On Earn')).toBeTruthy();
    expect(within(main().getByTestId('admin-questionnaire')).queryByRole('button', { name: /^Offer on Earn/ })).toBeNull();
  });

  it('offers no button for an archived questionnaire or one that pays no pips', async () => {
    fakeFetch({
      'GET /admin/communities': { data: { communities: [harbour] } },
      'GET /admin/communities/harbour/questionnaires': {
        data: { questionnaires: [{ ...survey, id: 5, archived: true, earnActionIds: [] }, { ...survey, id: 6, title: { en: 'Free poll' }, pips: 0, earnActionIds: [] }] },
      },
    });
    await renderApp({ path: '/console/questionnaires' });
    expect(await main().findAllByTestId('admin-questionnaire')).toHaveLength(2);
    expect(main().queryByRole('button', { name: /^Offer on Earn/ })).toBeNull();
  });
});
