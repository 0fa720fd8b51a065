// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Questionnaire } from '../../../../src/api/client';
import { db } from '../../../../src/data/databases';
import { listOfflineForms, queueOfflineForm } from '../../../../src/data/offlineQueues';
import { writeCachedResource } from '../../../../src/data/resourceCache';
import { activateLocale } from '../../../../src/i18n/i18n';
import { storedCredentials } from '../../data/dataTestKit';
import { renderApp } from '../renderApp';
import { keyPattern, resetData, scope, setOnline, signIn } from '../rewards/dataHarness';
import { answeredPoll, brokenForm, quickPoll, serveJson, survey, type Route as ServerRoute, type SentJsonRequest } from './formsServer';

const stored = storedCredentials();

const allForms = [survey, quickPoll, answeredPoll, brokenForm];

/** The server: the questionnaire list and whatever the test adds. */
function serve(routes: Record<string, ServerRoute> = {}, forms: Questionnaire[] = allForms) {
  return serveJson({ 'GET /web/questionnaires': { data: { questionnaires: forms } }, ...routes });
}

const renderForms = (path = '/forms') => renderApp({ path });
const answersSent = (sent: SentJsonRequest[], id = survey.id) =>
  sent.filter((r) => r.method === 'POST' && r.path === `/web/questionnaires/${id}/answers`);

const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const stepHeading = (name: RegExp) => screen.findByRole('heading', { level: 2, name });

/** Answers the three steps of the survey and stops on the last one. */
async function answerSurveyToLastStep() {
  await stepHeading(/Step 1 of 3/);
  fireEvent.click(screen.getByRole('radio', { name: 'Social media' }));
  type(/Events attended this year/, '12');
  press('Next');
  await stepHeading(/Step 2 of 3/);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Sports' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Games' }));
  fireEvent.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
  press('Next');
  await stepHeading(/Step 3 of 3/);
  type('Next visit', '07/01/2026');
  type(/Any suggestions/, '  More music!  ');
}

beforeEach(() => void signIn());
afterEach(resetData);

describe('the list at /forms', () => {
  it('lists each questionnaire with its pips, the answered ones as completed', async () => {
    const sent = serve();
    await renderForms();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeTruthy();

    const surveyLink = await screen.findByRole('link', { name: /Community survey/ });
    expect(surveyLink.getAttribute('href')).toBe('/forms/3');
    expect(within(surveyLink).getByText('+15 pips')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Quick poll/ })).getByText('+1 pip')).toBeTruthy();

    // Answered: no link, marked completed where the pips were (the badge keeps its place).
    expect(screen.queryByRole('link', { name: /Last month poll/ })).toBeNull();
    const answered = screen.getByText('Last month poll').closest('li')!;
    const completed = within(answered).getByText('Completed');
    expect(completed.closest('.mantine-Group-root')?.lastElementChild?.contains(completed)).toBe(true);
    expect(within(surveyLink).getByTestId('pips-badge').closest('.mantine-Group-root')?.lastElementChild).toBe(within(surveyLink).getByTestId('pips-badge'));

    const [list] = sent.filter((r) => r.path === '/web/questionnaires');
    expect(list).toMatchObject({ method: 'GET', query: { page: '1', size: '50' } });
    expect(list.headers.authorization).toBe(stored.authToken);
  });

  it('marks a form waiting in the offline queue as pending', async () => {
    await queueOfflineForm({ userId: 7, formId: quickPoll.id, data: { coffee: 'tea' }, title: quickPoll.title });
    serve();
    await renderForms();
    const pending = (await screen.findByText('Waiting to be sent')).closest('li')!;
    expect(within(pending).getByText('Quick poll')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Quick poll/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Community survey/ })).toBeTruthy();
  });

  it('fetches the list again once a pending form has been sent, and shows it completed', async () => {
    await queueOfflineForm({ userId: 7, formId: quickPoll.id, data: { coffee: 'tea' } });
    let forms = [quickPoll];
    const sent = serveJson({ 'GET /web/questionnaires': () => ({ data: { questionnaires: forms } }) });
    await renderForms();
    await screen.findByText('Waiting to be sent');

    // The connectivity sync sent it (here, or in another tab).
    forms = [{ ...quickPoll, answered: true }];
    await db().offlineForms.submissions.clear();
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.queryByText('Waiting to be sent')).toBeNull();
    expect(sent.filter((r) => r.path === '/web/questionnaires')).toHaveLength(2);
  });

  it('shows the cached list at once, without a loader, while the network is slow', async () => {
    await writeCachedResource('forms', scope, [quickPoll]);
    serveJson({ 'GET /web/questionnaires': () => new Promise(() => {}) });
    await renderForms();
    expect(await screen.findByRole('link', { name: /Quick poll/ })).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('shows a loader only when nothing is cached, then the list', async () => {
    let answer!: (reply: { data: unknown }) => void;
    serveJson({ 'GET /web/questionnaires': () => new Promise((resolve) => (answer = resolve)) });
    await renderForms();
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer({ data: { questionnaires: [survey] } });
    expect(await screen.findByRole('link', { name: /Community survey/ })).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('says so when the list cannot be fetched and nothing is cached, and tries again', async () => {
    let fail = true;
    serveJson({
      'GET /web/questionnaires': () => (fail ? { status: 500, error: 'INTERNAL_ERROR' } : { data: { questionnaires: [quickPoll] } }),
    });
    await renderForms();
    expect(await screen.findByText('Failed to fetch forms')).toBeTruthy();
    fail = false;
    press('Try again');
    expect(await screen.findByRole('link', { name: /Quick poll/ })).toBeTruthy();
  });

  it('says when there is nothing to answer', async () => {
    serve({}, []);
    await renderForms();
    expect(await screen.findByText('There are no forms to answer right now. Come back later!')).toBeTruthy();
  });
});

describe('a questionnaire at /forms/{id}', () => {
  it.each([
    ['an unknown id', '/forms/99'],
    ['an id that is not a number', '/forms/abc'],
    ['a payload that cannot be read', `/forms/${brokenForm.id}`],
  ])('is "Form not found" for %s', async (_, path) => {
    serve();
    await renderForms(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Form not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to forms' }).getAttribute('href')).toBe('/forms');
  });

  it('waits for the network before calling a form missing from the stored list not found', async () => {
    await writeCachedResource('forms', scope, [quickPoll]);
    let answer!: (reply: { data: unknown }) => void;
    serveJson({ 'GET /web/questionnaires': () => new Promise((resolve) => (answer = resolve)) });
    await renderForms('/forms/3');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByText('Form not found')).toBeNull();
    answer({ data: { questionnaires: [quickPoll, survey] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Community survey' })).toBeTruthy();
  });

  it('opens a stored form at once, while the network is slow', async () => {
    await writeCachedResource('forms', scope, [quickPoll]);
    serveJson({ 'GET /web/questionnaires': () => new Promise(() => {}) });
    await renderForms('/forms/4');
    expect(await screen.findByRole('radio', { name: 'Coffee' })).toBeTruthy();
  });

  it('says an answered questionnaire was already answered', async () => {
    serve();
    await renderForms(`/forms/${answeredPoll.id}`);
    expect(await screen.findByText('You have already answered this form.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('says a questionnaire in the offline queue is waiting to be sent', async () => {
    await queueOfflineForm({ userId: 7, formId: quickPoll.id, data: { coffee: 'tea' } });
    serve();
    await renderForms(`/forms/${quickPoll.id}`);
    expect(await screen.findByText("Your answers are waiting to be sent. They will be sent when you're back online.")).toBeTruthy();
  });

  it('shows the title, the pips, the progress and marks required questions', async () => {
    serve();
    await renderForms('/forms/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community survey' })).toBeTruthy();
    expect(screen.getByText('+15 pips')).toBeTruthy();
    expect(screen.getByText('Three short steps about you and the community.')).toBeTruthy();
    expect((await stepHeading(/Step 1 of 3/)).textContent).toBe('Step 1 of 3About you');
    expect(screen.getByText('Questions marked with * are required.')).toBeTruthy();

    const group = screen.getByRole('group', { name: /How did you hear about us\? \(required\)/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    const number = screen.getByLabelText(/Events attended this year/) as HTMLInputElement;
    expect(number.required).toBe(true);
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('A whole number from 0 to 365.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('has one way back to the list: the back link above the title', async () => {
    serve();
    await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    const back = screen.getAllByRole('link').filter((link) => link.getAttribute('href') === '/forms');
    expect(back.map((link) => link.textContent)).toEqual(['All forms']);
  });

  it('does not leave a step until it validates: errors in place, tied to their question, focus on the first', async () => {
    serve();
    await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    press('Next');

    const group = screen.getByRole('group', { name: /How did you hear about us/ });
    const required = await within(group).findByText('Please answer this question.');
    expect(group.getAttribute('aria-describedby')).toContain(required.id);
    await waitFor(() => expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]));

    const number = screen.getByLabelText(/Events attended this year/);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.getAttribute('aria-describedby')).toContain(screen.getAllByText('Please answer this question.')[1].id);

    // Errors follow the member's changes.
    fireEvent.click(within(group).getByRole('radio', { name: 'A friend' }));
    type(/Events attended this year/, 'twelve');
    expect(screen.getByText('Please enter a number.')).toBeTruthy();
    type(/Events attended this year/, '2.5');
    expect(screen.getByText('Please enter a whole number.')).toBeTruthy();
    type(/Events attended this year/, '400');
    expect(screen.getByText('Please enter a number from 0 to 365.')).toBeTruthy();
    expect(screen.getByText(/Step 1 of 3/)).toBeTruthy();

    type(/Events attended this year/, '3');
    press('Next');
    const heading = await stepHeading(/Step 2 of 3/);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByText('Please answer this question.')).toBeNull();
  });

  it('checks how many options are picked and that a rating is given', async () => {
    serve();
    await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    fireEvent.click(screen.getByRole('radio', { name: 'A friend' }));
    type(/Events attended this year/, '0');
    press('Next');
    await stepHeading(/Step 2 of 3/);
    expect(screen.getByText('Choose up to 2 options.')).toBeTruthy();

    for (const name of ['Sports', 'Music', 'Games']) fireEvent.click(screen.getByRole('checkbox', { name }));
    press('Next');
    expect(await screen.findByText('Choose at most 2 options.')).toBeTruthy();
    const rating = screen.getByRole('group', { name: /How happy are you with the community/ });
    expect(within(rating).getByText('Please answer this question.')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Music' }));
    fireEvent.click(within(rating).getByRole('radio', { name: '5 of 5 stars' }));
    expect((within(rating).getByRole('radio', { name: '5 of 5 stars' }) as HTMLInputElement).checked).toBe(true);
    press('Next');
    expect(await stepHeading(/Step 3 of 3/)).toBeTruthy();
  });

  it('checks dates and text length on the last step, optional parts may stay empty', async () => {
    const sent = serve({ 'POST /web/questionnaires/3/answers': { data: { status: 'OK', pipsEarned: 15 } } });
    await renderForms('/forms/3');
    await answerSurveyToLastStep();
    type('Next visit', '12/31/2023');
    type(/Any suggestions/, 'x'.repeat(21));
    press('Submit');
    expect(await screen.findByText('Please choose a date on or after January 1, 2024.')).toBeTruthy();
    expect(screen.getByText('Please use at most 20 characters.')).toBeTruthy();
    expect(answersSent(sent)).toHaveLength(0);

    type('Next visit', '');
    type(/Any suggestions/, '');
    press('Submit');
    await waitFor(() => expect(answersSent(sent)).toHaveLength(1));
    expect((answersSent(sent)[0].body as { answers: unknown }).answers).toEqual({
      heardFrom: 'social',
      eventsAttended: 12,
      interests: ['sports', 'games'],
      satisfaction: 4,
    });
  });

  it('goes back without checking and keeps every answer', async () => {
    serve();
    await renderForms('/forms/3');
    await answerSurveyToLastStep();
    press('Previous');
    const heading = await stepHeading(/Step 2 of 3/);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByRole('checkbox', { name: 'Sports' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Music' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: '4 of 5 stars' }) as HTMLInputElement).checked).toBe(true);
    press('Previous');
    await stepHeading(/Step 1 of 3/);
    expect((screen.getByRole('radio', { name: 'Social media' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Events attended this year/) as HTMLInputElement).value).toBe('12');
    press('Next');
    await stepHeading(/Step 2 of 3/);
    press('Next');
    await stepHeading(/Step 3 of 3/);
    expect((screen.getByLabelText('Next visit') as HTMLInputElement).value).toBe('07/01/2026');
  });

  it('goes on after a reload where the member left it: the same step and answers', async () => {
    serve();
    const first = await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    fireEvent.click(screen.getByRole('radio', { name: 'Social media' }));
    type(/Events attended this year/, '12');
    press('Next');
    await stepHeading(/Step 2 of 3/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sports' }));
    first.unmount();

    // A new app on the same device, as after a reload.
    await renderForms('/forms/3');
    await stepHeading(/Step 2 of 3/);
    expect((screen.getByRole('checkbox', { name: 'Sports' }) as HTMLInputElement).checked).toBe(true);
    press('Previous');
    await stepHeading(/Step 1 of 3/);
    expect((screen.getByRole('radio', { name: 'Social media' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Events attended this year/) as HTMLInputElement).value).toBe('12');
  });

  it('starts over when the stored draft is of another version of the questionnaire', async () => {
    serve();
    const first = await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    fireEvent.click(screen.getByRole('radio', { name: 'Social media' }));
    type(/Events attended this year/, '12');
    press('Next');
    await stepHeading(/Step 2 of 3/);
    first.unmount();

    serve({}, [{ ...survey, payload: survey.payload.replace('Community survey', 'Community survey 2') }, quickPoll]);
    await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    expect((screen.getByRole('radio', { name: 'Social media' }) as HTMLInputElement).checked).toBe(false);
  });

  it('submits every part type as JSON under one key, thanks with the pips and goes back to the list', async () => {
    let forms = [survey, quickPoll];
    const sent = serveJson({
      'GET /web/questionnaires': () => ({ data: { questionnaires: forms } }),
      'POST /web/questionnaires/3/answers': () => {
        forms = [{ ...survey, answered: true }, quickPoll];
        return { data: { status: 'OK', pipsEarned: 15 } };
      },
    });
    const { location } = await renderForms('/forms/3');
    await answerSurveyToLastStep();
    press('Submit');

    expect(await screen.findByText('Thank you! You earned 15 pips.')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/forms'));
    const [request] = answersSent(sent);
    expect(request.headers['content-type']).toContain('application/json');
    expect(request.body).toEqual({
      answers: {
        heardFrom: 'social',
        eventsAttended: 12,
        interests: ['sports', 'games'],
        satisfaction: 4,
        nextVisit: '2026-07-01',
        suggestions: 'More music!',
      },
      idempotencyKey: expect.stringMatching(keyPattern),
    });
    // Sent: no draft is left behind on the device.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('pips.formDraft.'))).toEqual([]);
    // The list learns the form is answered.
    const completed = (await screen.findByText('Completed')).closest('li')!;
    expect(within(completed).getByText('Community survey')).toBeTruthy();
  });

  it('keeps the answers after a failure, says so, and retries the same answers under the same key', async () => {
    let fail = true;
    const sent = serve({
      'POST /web/questionnaires/3/answers': () => (fail ? { status: 500, error: 'INTERNAL_ERROR' } : { data: { status: 'OK', pipsEarned: 15 } }),
    });
    const { location } = await renderForms('/forms/3');
    await answerSurveyToLastStep();
    press('Submit');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to submit form')).toBeTruthy();
    expect(within(alert).getByText('Please try again later')).toBeTruthy();
    expect((screen.getByLabelText('Next visit') as HTMLInputElement).value).toBe('07/01/2026');
    expect((screen.getByLabelText(/Any suggestions/) as HTMLTextAreaElement).value).toBe('  More music!  ');
    expect(location.history.at(-1)).toBe('/forms/3');

    fail = false;
    press('Submit');
    expect(await screen.findByText('Thank you! You earned 15 pips.')).toBeTruthy();
    const keys = answersSent(sent).map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says clearly when the form was already answered elsewhere', async () => {
    serve({ 'POST /web/questionnaires/4/answers': { status: 409, error: 'ALREADY_ANSWERED' } });
    await renderForms('/forms/4');
    fireEvent.click(await screen.findByRole('radio', { name: 'Tea' }));
    press('Submit');
    expect(await screen.findByText('You have already answered this form.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('is "Form not found" when the server no longer knows the form', async () => {
    serve({ 'POST /web/questionnaires/4/answers': { status: 404, error: 'NOT_FOUND' } });
    await renderForms('/forms/4');
    fireEvent.click(await screen.findByRole('radio', { name: 'Coffee' }));
    press('Submit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Form not found' })).toBeTruthy();
  });

  it('offline: queues the answers instead of sending them, says they will be sent, and the list shows them pending', async () => {
    const sent = serve();
    const { location } = await renderForms('/forms/3');
    await answerSurveyToLastStep();
    setOnline(false);
    expect(await screen.findByText("You're offline. You can still answer: your answers will be sent when you're back online.")).toBeTruthy();
    press('Submit');

    expect(await screen.findByText("You're offline. Your answers are saved and will be sent when you're back online.")).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/forms'));
    expect(answersSent(sent)).toHaveLength(0);
    const queued = await listOfflineForms(7);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      formId: 3,
      title: 'Community survey',
      data: { heardFrom: 'social', eventsAttended: 12, interests: ['sports', 'games'], satisfaction: 4, nextVisit: '2026-07-01', suggestions: 'More music!' },
      idempotencyKey: expect.stringMatching(keyPattern),
    });
    const pending = (await screen.findByText('Waiting to be sent')).closest('li')!;
    expect(within(pending).getByText('Community survey')).toBeTruthy();
  });

  it('queues the answers when the request finds no network', async () => {
    serve({
      'POST /web/questionnaires/4/answers': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { location } = await renderForms('/forms/4');
    fireEvent.click(await screen.findByRole('radio', { name: 'Tea' }));
    press('Submit');
    expect(await screen.findByText("You're offline. Your answers are saved and will be sent when you're back online.")).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/forms'));
    expect(await listOfflineForms(7)).toMatchObject([{ formId: 4, data: { coffee: 'tea' } }]);
  });

  it('lets an optional rating be cleared', async () => {
    const poll: Questionnaire = {
      id: 8,
      title: 'Rate us',
      pipsToEarn: 2,
      answered: false,
      payload: JSON.stringify({ title: 'Rate us', steps: [{ parts: [{ id: 'stars', type: 'rating', label: 'Stars', max: 3 }] }] }),
    };
    const sent = serve({ 'POST /web/questionnaires/8/answers': { data: { status: 'OK', pipsEarned: 2 } } }, [poll]);
    await renderForms('/forms/8');
    const group = await screen.findByRole('group', { name: 'Stars' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    fireEvent.click(within(group).getByRole('radio', { name: '2 of 3 stars' }));
    press('Clear rating');
    expect(within(group).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    press('Submit');
    await waitFor(() => expect(answersSent(sent, 8)).toHaveLength(1));
    expect(answersSent(sent, 8)[0].body).toMatchObject({ answers: {} });
  });

  it('speaks Spanish: step, buttons and errors', async () => {
    serve();
    await renderForms('/forms/3');
    await stepHeading(/Step 1 of 3/);
    await act(() => activateLocale('es'));
    expect(await stepHeading(/Paso 1 de 3/)).toBeTruthy();
    press('Siguiente');
    expect((await screen.findAllByText('Por favor responde esta pregunta.')).length).toBe(2);
    expect(screen.getByText('Un número entero del 0 al 365.')).toBeTruthy();
  });
});
