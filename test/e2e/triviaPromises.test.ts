import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { memberApi } from './support/memberApi';
import { appStarted, captureScreen, viewports } from './support/screens';
import { createCommunity, operatorCli, printed } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/**
 * What a member's screen promises is kept (issue 48), in Chromium against the product as
 * `npm start` runs it, in English and Spanish, on a phone (390x844) and a desktop (1280x800):
 * "Play trivia (+2 pips)", an earn action the operator made completed by answering the question
 * of the day, pays its 2 pips once (in the ledger and Activity) when the member answers, then shows
 * as done; the day's last question and a team contest's last answer end the round on their result
 * (no Next), the contest's with its leaderboard and team scoreboard; and a walk through the member
 * screens after all that logs no error in the browser's console and no page error (the answered
 * contest and the day's done question are remembered: never asked for again).
 */

const daily = [
  { text: { en: 'How many legs does a spider have?', es: '¿Cuántas patas tiene una araña?' }, answers: [{ text: { en: 'Six', es: 'Seis' } }, { text: { en: 'Eight', es: 'Ocho' }, correct: true }] },
  { text: { en: 'Which planet is red?', es: '¿Qué planeta es rojo?' }, answers: [{ text: { en: 'Mars', es: 'Marte' }, correct: true }, { text: 'Venus' }] },
];
const contestQuestions = [
  { text: { en: 'Largest ocean?', es: '¿El océano más grande?' }, answers: [{ text: { en: 'Atlantic', es: 'Atlántico' } }, { text: { en: 'Pacific', es: 'Pacífico' }, correct: true }] },
];

const texts = {
  en: {
    locale: 'en-US',
    action: 'Play trivia',
    start: 'Start',
    plusTwo: '+2 pips',
    play: 'Play trivia',
    eight: 'Eight',
    actionPips: 'And 2 pips for completing an earn action.',
    next: 'Next question',
    mars: 'Mars',
    dayDone: "That was today's last question. Come back tomorrow for more.",
    comeBack: 'Come back tomorrow',
    join: 'Join the contest',
    answerQuestions: 'Answer questions',
    pacific: 'Pacific',
    allAnswered: 'You have answered every question of this contest.',
  },
  es: {
    locale: 'es-ES',
    action: 'Juega a la trivia',
    start: 'Empezar',
    plusTwo: '+2 pips',
    play: 'Jugar a la trivia',
    eight: 'Ocho',
    actionPips: 'Y 2 pips por completar una acción.',
    next: 'Siguiente pregunta',
    mars: 'Marte',
    dayDone: 'Era la última pregunta de hoy. Vuelve mañana para más.',
    comeBack: 'Vuelve mañana',
    join: 'Unirme al concurso',
    answerQuestions: 'Responder preguntas',
    pacific: 'Pacífico',
    allAnswered: 'Has respondido todas las preguntas de este concurso.',
  },
} as const;
type Language = keyof typeof texts;
type Size = keyof typeof viewports;

describe('promises kept: Play trivia pays, the last answer finishes, quiet consoles', () => {
  let dir: string;
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let communityId: string;
  const contestIds: Record<Language, Record<Size, number>> = { en: { phone: 0, desktop: 0 }, es: { phone: 0, desktop: 0 } };
  /** A contest whose only question a member answers on another device. */
  let elsewhereContestId = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-trivia-promises-'));
    const place = await reserveProduct();
    const admin = operatorCli(place);
    communityId = await createCommunity(place, 'E2E Promises');
    const dailyFile = join(dir, 'daily.json');
    writeFileSync(dailyFile, JSON.stringify(daily));
    await admin('trivia:import', '--community', communityId, '--file', dailyFile);
    await admin('trivia:allowance', '--community', communityId, '--daily', '2');
    const made = await admin(
      'promo:create', '--community', communityId, '--title', 'Play trivia', '--title-es', 'Juega a la trivia',
      '--description', 'Answer a question of the day.', '--description-es', 'Responde una pregunta del día.',
      '--pips', '2', '--limit', 'daily', '--completed-by', 'triviaAnswer',
    );
    expect(made).toMatch(/paid on: answering the question of the day/);
    const contestFile = join(dir, 'contest.json');
    writeFileSync(contestFile, JSON.stringify(contestQuestions));
    // One contest per journey: each member answers its only question.
    for (const language of ['en', 'es'] as const) {
      for (const size of ['phone', 'desktop'] as const) {
        const output = await admin(
          'contest:create', '--community', communityId, '--name', `Cup ${language} ${size}`, '--name-es', `Copa ${language} ${size}`,
          '--starts', '2020-01-01', '--ends', '2099-01-01', '--teams', 'Owls,Foxes', '--teams-es', 'Búhos,Zorros', '--pips', '5',
          '--questions', contestFile,
        );
        contestIds[language][size] = Number(printed(output, /Created trivia contest #(\d+)/));
      }
    }
    elsewhereContestId = Number(
      printed(
        await admin(
          'contest:create', '--community', communityId, '--name', 'Cup elsewhere', '--name-es', 'Copa en otro sitio',
          '--starts', '2020-01-01', '--ends', '2099-01-01', '--teams', 'Owls,Foxes', '--pips', '5', '--questions', contestFile,
        ),
        /Created trivia contest #(\d+)/,
      ),
    );
    // A Chance to Win contest, so its screen has one to show.
    await admin(
      'ctw:create', '--community', communityId, '--name', 'Autumn draw', '--name-es', 'Sorteo de otoño', '--threshold', '10',
      '--drawing', new Date(Date.now() + 24 * 3600_000).toISOString(), '--winners', '1', '--prize', 'A bicycle', '--prize-es', 'Una bicicleta',
    );
    ({ sink, product, browser } = stack = await startStack({ ...relaxedLimits }, place));
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A page whose console errors and page errors are collected from its first load. */
  async function signedIn(member: Member, language: Language, size: Size) {
    const { email, password } = member;
    const context = await browser.newContext({ viewport: viewports[size], locale: texts[language].locale });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    await page.goto(`${product.url}/login`);
    if (language === 'es') {
      await appStarted(page);
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    } else {
      await logIn(page, product, member);
    }
    await page.waitForURL('**/home', { timeout: 15_000 });
    return { page, errors };
  }

  const card = (page: Page, title: string) => page.getByRole('article', { name: title });

  /** Each path loaded afresh, down to its heading and a quiet network. */
  async function walkThrough(page: Page, paths: string[]) {
    for (const path of paths) {
      await page.goto(`${product.url}${path}`);
      await appStarted(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    }
  }

  describe.each(['en', 'es'] as const)('in %s', (language) => {
    const t = texts[language];

    it.each(['phone', 'desktop'] as const)('on a %s: Play trivia pays 2 pips once and shows done; the last answers finish; no console error', async (size) => {
      const member = await createMember(product, sink, { label: `promise-${language}-${size}`, communityId });
      const api = memberApi(product, member);
      const { page, errors } = await signedIn(member, language, size);

      // The card advertises +2 pips and leads to the question of the day.
      await page.goto(`${product.url}/earn`);
      const action = card(page, t.action);
      await action.waitFor({ timeout: 15_000 });
      expect(await action.getByText(t.plusTwo).isVisible()).toBe(true);
      await action.getByRole('link', { name: t.start }).click();
      await page.waitForURL('**/trivia/individual');
      await page.getByRole('link', { name: t.play }).click();
      await page.getByRole('button', { name: t.eight }).click({ timeout: 15_000 });
      await page.waitForURL('**/trivia/individual/answer');
      await page.getByTestId('trivia-action-pips').filter({ hasText: t.actionPips }).waitFor({ timeout: 15_000 });
      await captureScreen(page, `trivia/action-paid-${size}`, language);
      // 1 for the right answer, 2 for the action: through the ledger, shown in Activity.
      expect((await api.dashboard()).availablePips).toBe(3);
      const promoRows = async () => (await api.actions()).filter((row) => row.kind === 'promo');
      // (the member API reads in English)
      expect(await promoRows()).toEqual([expect.objectContaining({ title: 'Play trivia', pips: 2 })]);

      // The day's second (and last) question: it pays no second time, and ends the day's round.
      await page.getByRole('button', { name: t.next }).click();
      await page.getByRole('button', { name: t.mars }).click({ timeout: 15_000 });
      await page.getByText(t.dayDone).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: t.next }).count()).toBe(0);
      expect(await page.getByTestId('trivia-action-pips').count()).toBe(0);
      expect(await promoRows()).toHaveLength(1);
      expect((await api.dashboard()).availablePips).toBe(4);
      await captureScreen(page, `trivia/day-done-${size}`, language);

      // The card now shows the action done for today.
      await page.goto(`${product.url}/earn`);
      const done = card(page, t.action).getByRole('button', { name: t.comeBack });
      await done.waitFor({ timeout: 15_000 });
      expect(await done.isDisabled()).toBe(true);
      expect(await card(page, t.action).getByRole('link', { name: t.start }).count()).toBe(0);
      await captureScreen(page, `trivia/action-done-${size}`, language);
      await page.goto(`${product.url}/activity`);
      await page.getByText(t.action).first().waitFor({ timeout: 15_000 });

      // A team contest's only question: its answer finishes the contest with the leaderboard and teams.
      const contestId = contestIds[language][size];
      await page.goto(`${product.url}/trivia/contest/${contestId}`);
      await page.getByRole('button', { name: t.join }).click({ timeout: 15_000 });
      await page.getByRole('link', { name: t.answerQuestions }).click({ timeout: 15_000 });
      await page.getByRole('button', { name: t.pacific }).click({ timeout: 15_000 });
      await page.waitForURL(`**/trivia/contest/${contestId}/answer`);
      await page.getByTestId('trivia-finished').filter({ hasText: t.allAnswered }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: t.next }).count()).toBe(0);
      await expect.poll(() => page.getByTestId('trivia-leaders').innerText().catch(() => ''), { timeout: 15_000 }).toMatch(/\b1\b[\s\S]*\b1\b/);
      expect(await page.getByTestId('trivia-teams').isVisible()).toBe(true);
      await captureScreen(page, `trivia/contest-finished-${size}`, language);

      // A walk through the member screens, each loaded afresh, as a member who answered it all.
      const walk = [
        '/home',
        '/earn',
        '/trivia/individual',
        '/trivia/individual/question',
        `/trivia/contest/${contestId}`,
        `/trivia/contest/${contestId}/question`,
        '/chance-to-win',
        '/redeem',
        '/activity',
        '/profile',
        '/announcements',
        '/home',
      ];
      const questionCalls: string[] = [];
      page.on('request', (request) => {
        // (the other journeys' contests, not answered, are asked: they may have questions)
        if (new RegExp(`/mobile/contest/trivia/(individual|${contestId})/question`).test(request.url())) questionCalls.push(request.url());
      });
      await walkThrough(page, walk);
      // The answered contest and the day's questions are remembered: never asked for again.
      expect(questionCalls).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });

  describe('nothing asked for that is not there (es, phone)', () => {
    type Served = { id: number; answers: { id: number }[] };
    /** Watches the question calls of the day and of `contestId`. */
    const watchQuestionCalls = (page: Page, contestId: number) => {
      const calls: string[] = [];
      page.on('request', (request) => {
        if (new RegExp(`/mobile/contest/trivia/(individual|${contestId})/question`).test(request.url())) calls.push(new URL(request.url()).pathname);
      });
      return calls;
    };

    it("skipping the day's last question ends the day there: no call for a question that is not there, no console error", async () => {
      const member = await createMember(product, sink, { label: 'promise-skip-last', communityId });
      const api = memberApi(product, member);
      // The day's first question answered on another device: one is left today.
      const first = await api.call<Served>('GET', '/mobile/contest/trivia/individual/question');
      if (!first.ok) throw new Error(`question: ${first.status}`);
      const answered = await api.call('POST', '/mobile/contest/trivia/individual/answer', {
        query: { questionId: first.data.id, answerId: first.data.answers[0].id, idempotencyKey: 'elsewhere-1' },
      });
      expect(answered.ok).toBe(true);

      const { page, errors } = await signedIn(member, 'es', 'phone');
      const calls = watchQuestionCalls(page, elsewhereContestId);
      await page.goto(`${product.url}/trivia/individual/question`);
      await page.getByRole('button', { name: texts.es.mars }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Saltar esta pregunta' }).click();
      await page.getByText('Vuelve a intentarlo mañana.').waitFor({ timeout: 15_000 });
      await captureScreen(page, 'trivia/skipped-last-phone', 'es');
      // One call served the question; the skip said none is left, so none followed.
      expect(calls).toEqual(['/mobile/contest/trivia/individual/question']);
      // And it is remembered: the question route asks nothing more.
      await page.goto(`${product.url}/trivia/individual/question`);
      await page.getByText('Vuelve a intentarlo mañana.').waitFor({ timeout: 15_000 });
      expect(calls).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('the day and a contest used up on another device: a new device asks for neither question, no console error', async () => {
      const member = await createMember(product, sink, { label: 'promise-elsewhere', communityId });
      const api = memberApi(product, member);
      for (let i = 0; i < 2; i++) {
        const served = await api.call<Served>('GET', '/mobile/contest/trivia/individual/question');
        if (!served.ok) throw new Error(`question: ${served.status}`);
        expect((await api.call('PUT', '/mobile/contest/trivia/individual/skip')).ok).toBe(true);
      }
      expect((await api.call('PUT', `/mobile/contest/trivia/${elsewhereContestId}/join`)).ok).toBe(true);
      const asked = await api.call<Served>('GET', `/mobile/contest/trivia/${elsewhereContestId}/question`);
      if (!asked.ok) throw new Error(`contest question: ${asked.status}`);
      const answered = await api.call('POST', `/mobile/contest/trivia/${elsewhereContestId}/answer`, {
        query: { questionId: asked.data.id, answer: String(asked.data.answers[0].id), idempotencyKey: 'elsewhere-contest-1' },
      });
      expect(answered.ok).toBe(true);

      const { page, errors } = await signedIn(member, 'es', 'phone');
      const calls = watchQuestionCalls(page, elsewhereContestId);
      await page.goto(`${product.url}/trivia/individual/question`);
      await page.getByText('Vuelve a intentarlo mañana.').waitFor({ timeout: 15_000 });
      await page.goto(`${product.url}/trivia/contest/${elsewhereContestId}/question`);
      await page.getByText(texts.es.allAnswered).waitFor({ timeout: 15_000 });
      await walkThrough(page, ['/trivia/individual', `/trivia/contest/${elsewhereContestId}`, '/contests', '/earn', '/home']);
      expect(calls).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
});
