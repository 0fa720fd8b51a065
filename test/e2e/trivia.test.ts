import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { memberApi } from './support/memberApi';
import { appStarted, captureScreen, viewports } from './support/screens';
import { createCommunity, operatorCli, printed } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/**
 * Trivia in Chromium against the product as `npm start` runs it, on a community the operator
 * prepared with the real CLI, once in English and once in Spanish: the Home tile and the Earn
 * card leading to the trivia screen (the card naming the contests that still have questions);
 * the question of the day (right, wrong, skip, then 'Please try again tomorrow.') with its pip
 * on Home and in Activity; a team contest joined through the screen (a leaderboard name that is
 * an e-mail address refused), answered, its chart updating at once, and the leaderboard rule with
 * the member outside and then inside the top five (the other members made through the API), its
 * last answer ending it with the leaderboard and team scoreboard; the
 * back links of the question, answer and info screens; axe-core and screenshots of each screen.
 */

const daily = [
  { text: { en: 'How many legs does a spider have?', es: '¿Cuántas patas tiene una araña?' }, answers: [{ text: { en: 'Six', es: 'Seis' } }, { text: { en: 'Eight', es: 'Ocho' }, correct: true }] },
  { text: { en: 'Which planet is red?', es: '¿Qué planeta es rojo?' }, answers: [{ text: { en: 'Mars', es: 'Marte' }, correct: true }, { text: 'Venus' }] },
  { text: { en: 'What do bees make?', es: '¿Qué hacen las abejas?' }, answers: [{ text: { en: 'Milk', es: 'Leche' } }, { text: { en: 'Honey', es: 'Miel' }, correct: true }] },
];
const contestQuestions = [
  { text: { en: 'Largest ocean?', es: '¿El océano más grande?' }, answers: [{ text: { en: 'Atlantic', es: 'Atlántico' } }, { text: { en: 'Pacific', es: 'Pacífico' }, correct: true }] },
  { text: { en: 'Minutes in an hour?', es: '¿Minutos en una hora?' }, answers: [{ text: '60', correct: true }, { text: '100' }] },
  { text: { en: 'Gas plants take in?', es: '¿Qué gas absorben las plantas?' }, answers: [{ text: { en: 'Oxygen', es: 'Oxígeno' } }, { text: { en: 'Carbon dioxide', es: 'Dióxido de carbono' }, correct: true }] },
];
/** The right answers' English texts (the rivals answer through the API in English). */
const rightTexts = ['Pacific', '60', 'Carbon dioxide'];

/** What each language shows; the questions are the operator's. */
const texts = {
  en: {
    locale: 'en-US',
    trivia: 'Trivia',
    play: 'Play trivia',
    spider: 'How many legs does a spider have?',
    eight: 'Eight',
    right: 'Right!',
    onePip: 'You earned 1 pip.',
    rightEight: 'The right answer: Eight',
    streak: 'You have played 1 day in a row.',
    next: 'Next question',
    planet: 'Which planet is red?',
    wrong: 'Not quite.',
    noPips: 'No pips this time.',
    rightMars: 'The right answer: Mars',
    bees: 'What do bees make?',
    skip: 'Skip this question',
    tomorrow: 'Please try again tomorrow.',
    available: 'Available pips',
    activityRow: 'Trivia question of the day',
    backToTrivia: 'Back to trivia',
    backToContest: 'Back to the contest',
    earnNote: (names: string) => `Questions waiting in ${names}`,
    and: 'and',
    displayName: 'Name on the leaderboard (optional)',
    notAnEmail: 'Choose a name, not an email address: everyone in the contest sees it.',
    join: 'Join the contest',
    answerQuestions: 'Answer questions',
    rulesAndDates: 'Rules and dates',
    rules: 'One answer per question.',
    pipsPerAnswer: 'Pips for each right answer: 5',
    // Long month, day, year and the time (the day is the browser's time zone's).
    dates: /^From [A-Z][a-z]+ \d{1,2}, 20(19|20) at .* to [A-Z][a-z]+ \d{1,2}, 209[89] at /,
    team: /Your team: (Owls|Foxes)/,
    back: 'Back',
    ocean: 'Largest ocean?',
    pacific: 'Pacific',
    minutes: 'Minutes in an hour?',
    gas: 'Gas plants take in?',
    oxygen: 'Oxygen',
    fivePips: 'You earned 5 pips.',
    allAnswered: 'You have answered every question of this contest.',
    seeLeaderboard: 'See the leaderboard',
    place: /Rank 3[\s\S]*Right answers: 2[\s\S]*Pips earned: 10/,
    you: '(you)',
    yourTeam: '(your team)',
    allAnsweredBadge: 'All answered',
  },
  es: {
    locale: 'es-ES',
    trivia: 'Trivia',
    play: 'Jugar a la trivia',
    spider: '¿Cuántas patas tiene una araña?',
    eight: 'Ocho',
    right: '¡Correcto!',
    onePip: 'Ganaste 1 pip.',
    rightEight: 'La respuesta correcta: Ocho',
    streak: 'Llevas 1 día seguido jugando.',
    next: 'Siguiente pregunta',
    planet: '¿Qué planeta es rojo?',
    wrong: 'No exactamente.',
    noPips: 'Esta vez no ganaste pips.',
    rightMars: 'La respuesta correcta: Marte',
    bees: '¿Qué hacen las abejas?',
    skip: 'Saltar esta pregunta',
    tomorrow: 'Vuelve a intentarlo mañana.',
    available: 'Pips disponibles',
    activityRow: 'Pregunta de trivia del día',
    backToTrivia: 'Volver a la trivia',
    backToContest: 'Volver al concurso',
    earnNote: (names: string) => `Preguntas esperando en ${names}`,
    and: 'y',
    displayName: 'Nombre en la clasificación (opcional)',
    notAnEmail: 'Elige un nombre, no un correo electrónico: todos en el concurso lo ven.',
    join: 'Unirme al concurso',
    answerQuestions: 'Responder preguntas',
    rulesAndDates: 'Reglas y fechas',
    rules: 'Una respuesta por pregunta.',
    pipsPerAnswer: 'Pips por cada respuesta correcta: 5',
    dates: /^Del \d{1,2} de [a-z]+ de 20(19|20).* al \d{1,2} de [a-z]+ de 209[89]/,
    team: /Tu equipo: (Búhos|Zorros)/,
    back: 'Volver',
    ocean: '¿El océano más grande?',
    pacific: 'Pacífico',
    minutes: '¿Minutos en una hora?',
    gas: '¿Qué gas absorben las plantas?',
    oxygen: 'Oxígeno',
    fivePips: 'Ganaste 5 pips.',
    allAnswered: 'Has respondido todas las preguntas de este concurso.',
    seeLeaderboard: 'Ver la clasificación',
    place: /Puesto 3[\s\S]*Respuestas correctas: 2[\s\S]*Pips ganados: 10/,
    you: '(tú)',
    yourTeam: '(tu equipo)',
    allAnsweredBadge: 'Todo respondido',
  },
} as const;
type Language = keyof typeof texts;

/** The two contests, one per language's journey (each with its own rivals), named in both. */
const contestNames = {
  en: { en: 'Spring cup', es: 'Copa de primavera' },
  es: { en: 'Autumn cup', es: 'Copa de otoño' },
} as const;

describe('trivia in Chromium', () => {
  let dir: string;
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let communityId: string;
  const contestIds: Record<Language, number> = { en: 0, es: 0 };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-trivia-'));
    const place = await reserveProduct();
    const admin = operatorCli(place);
    communityId = await createCommunity(place, 'E2E Trivia');
    const dailyFile = join(dir, 'daily.json');
    writeFileSync(dailyFile, JSON.stringify(daily));
    expect(await admin('trivia:import', '--community', communityId, '--file', dailyFile)).toMatch(/Imported 3 questions/);
    expect(await admin('trivia:allowance', '--community', communityId, '--daily', '5')).toMatch(/5 questions a day/);
    const contestFile = join(dir, 'contest.json');
    writeFileSync(contestFile, JSON.stringify(contestQuestions));
    for (const language of ['en', 'es'] as const) {
      const output = await admin(
        'contest:create', '--community', communityId, '--name', contestNames[language].en, '--name-es', contestNames[language].es,
        '--starts', '2020-01-01', '--ends', '2099-01-01', '--teams', 'Owls,Foxes', '--teams-es', 'Búhos,Zorros', '--pips', '5',
        '--rules', 'One answer per question.', '--rules-es', 'Una respuesta por pregunta.', '--questions', contestFile,
      );
      contestIds[language] = Number(printed(output, /Created trivia contest #(\d+)/));
    }
    ({ sink, product, browser } = stack = await startStack({ ...relaxedLimits }, place));
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn(member: Member, language: Language): Promise<Page> {
    const context = await browser.newContext({ viewport: viewports.phone, locale: texts[language].locale });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    if (language === 'es') {
      await appStarted(page);
      await page.getByLabel('Correo electrónico').fill(member.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    } else {
      await logIn(page, product, member);
    }
    await page.waitForURL('**/home', { timeout: 15_000 });
    return page;
  }

  const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

  /** axe-core finds no serious or critical violation, and the screen is photographed at both sizes. */
  async function checkScreen(page: Page, name: string, language: Language) {
    await expectAccessible(page, `trivia ${name} (${language})`);
    await captureScreen(page, `trivia/${name}`, language);
  }

  /** The back link above the screen: its text and where it leads. */
  async function backLink(page: Page) {
    const link = page.getByTestId('back-link');
    await link.waitFor();
    return { text: (await link.innerText()).trim(), href: await link.getAttribute('href') };
  }

  describe.each(['en', 'es'] as const)('in %s', (language) => {
    const t = texts[language];
    const contestName = contestNames[language][language];
    const otherName = contestNames[language === 'en' ? 'es' : 'en'][language];

    it('the Home tile and the Earn card lead to Trivia; the question of the day: right, wrong, skip, then "Please try again tomorrow.", with the pip on Home and in Activity', async () => {
      const member = await createMember(product, sink, { label: `daily-${language}`, firstName: 'Lucía', communityId });
      const api = memberApi(product, member);
      const page = await signedIn(member, language);

      // The Home tile and the Earn card lead to the real trivia screen.
      await page.getByRole('link', { name: new RegExp(`^${t.trivia}`) }).click();
      await page.waitForURL('**/trivia/individual');
      await heading(page, t.trivia);
      await page.goto(`${product.url}/earn`);
      // The card names the contests that still have questions (both: this member joined none).
      const card = page.getByRole('link', { name: new RegExp(`^${t.trivia}`) });
      await expect
        .poll(() => card.getByTestId('earn-trivia-contests').innerText().catch(() => ''), { timeout: 15_000 })
        .toBe(t.earnNote(`${contestNames.en[language]} ${t.and} ${contestNames.es[language]}`));
      await checkScreen(page, 'earn-card', language);
      await card.click();
      await page.waitForURL('**/trivia/individual');
      await heading(page, t.trivia);
      // The question of the day is labelled 1+ pips, a contest 5+ pips.
      expect(await page.getByText('1+ pips').isVisible()).toBe(true);
      await page.getByRole('link', { name: new RegExp(contestName) }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('link', { name: new RegExp(otherName) }).isVisible()).toBe(true);
      await checkScreen(page, 'list', language);

      await page.getByRole('link', { name: t.play }).click();
      await page.waitForURL('**/trivia/individual/question');
      await page.getByText(t.spider).waitFor({ timeout: 15_000 });
      expect(await backLink(page)).toEqual({ text: t.backToTrivia, href: '/trivia/individual' });
      await checkScreen(page, 'question', language);
      await page.getByRole('button', { name: t.eight }).click();
      await page.waitForURL('**/trivia/individual/answer');
      await page.getByText(t.right).waitFor();
      expect(await page.getByText(t.onePip).isVisible()).toBe(true);
      expect(await page.getByText(t.rightEight).isVisible()).toBe(true);
      expect(await page.getByText(t.streak).isVisible()).toBe(true);
      expect(await backLink(page)).toEqual({ text: t.backToTrivia, href: '/trivia/individual' });
      expect((await api.dashboard()).availablePips).toBe(1);
      await checkScreen(page, 'answer-right', language);

      await page.getByRole('button', { name: t.next }).click();
      await page.waitForURL('**/trivia/individual/question');
      await page.getByText(t.planet).waitFor();
      await page.getByRole('button', { name: 'Venus' }).click();
      await page.getByText(t.wrong).waitFor();
      expect(await page.getByText(t.noPips).isVisible()).toBe(true);
      expect(await page.getByText(t.rightMars).isVisible()).toBe(true);
      await checkScreen(page, 'answer-wrong', language);

      await page.getByRole('button', { name: t.next }).click();
      await page.getByText(t.bees).waitFor();
      await page.getByRole('button', { name: t.skip }).click();
      await page.getByText(t.tomorrow).waitFor({ timeout: 15_000 });
      expect((await api.dashboard()).availablePips).toBe(1);
      await checkScreen(page, 'no-questions', language);
      // The back link leads to the trivia screen.
      await page.getByTestId('back-link').click();
      await page.waitForURL('**/trivia/individual');
      await heading(page, t.trivia);

      // The pip on Home and in Activity.
      await page.goto(`${product.url}/home`);
      const balance = page.locator(`output[aria-label="${t.available}"]`);
      await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe('1');
      await page.goto(`${product.url}/activity`);
      await page.getByText(t.activityRow).first().waitFor({ timeout: 15_000 });
      const rows = (await api.actions()).filter((row) => row.kind === 'trivia');
      expect(rows).toHaveLength(1);
      await page.context().close();
    });

    it('a team contest: join, answer, the chart moves at once, the top 4 plus the member, then inside the top 5', async () => {
      const contestId = contestIds[language];
      // Six others, made through the API: 3, 3, 2, 2, 1 and 1 right answers.
      const scores = [3, 3, 2, 2, 1, 1];
      for (let i = 0; i < scores.length; i++) {
        const other = await createMember(product, sink, { label: `rival${i}-${language}`, firstName: `Rival${i}`, lastName: 'Zed', communityId });
        const otherApi = memberApi(product, other);
        expect(await otherApi.call('PUT', `/mobile/contest/trivia/${contestId}/join`, { query: { displayName: `Rival ${i}` } })).toMatchObject({ ok: true });
        for (let k = 0; k < scores[i]; k++) {
          const question = await otherApi.call<{ id: number; answers: { id: number; text: string }[] }>('GET', `/mobile/contest/trivia/${contestId}/question`);
          if (!question.ok) throw new Error(question.code);
          const right = question.data.answers.find((a) => rightTexts.includes(a.text))!;
          expect(await otherApi.call('POST', `/mobile/contest/trivia/${contestId}/answer`, { query: { questionId: question.data.id, answer: String(right.id) } })).toMatchObject({
            ok: true,
          });
        }
      }

      const member = await createMember(product, sink, { label: `contestant-${language}`, communityId });
      const api = memberApi(product, member);
      const page = await signedIn(member, language);
      await page.goto(`${product.url}/trivia/individual`);
      await page.getByRole('link', { name: new RegExp(contestName) }).click();
      await page.waitForURL(`**/trivia/contest/${contestId}`);
      await heading(page, contestName);
      expect(await backLink(page)).toEqual({ text: t.backToTrivia, href: '/trivia/individual' });

      // A leaderboard name that is an e-mail address is refused on the screen, before any call.
      const nameField = page.getByLabel(t.displayName);
      // (a short one: the field keeps 30 characters, and a cut address has no @ left)
      await nameField.fill('ada.e2e@example.org');
      await page.getByText(t.notAnEmail).waitFor();
      await page.getByRole('button', { name: t.join }).click();
      await checkScreen(page, 'contest-join', language);
      // Seconds later (axe and the screenshots), still not joined.
      expect(await api.call<{ contests: { id: number; assigned: boolean }[] }>('GET', '/mobile/contest/trivias')).toMatchObject({
        ok: true,
        data: { contests: expect.arrayContaining([expect.objectContaining({ id: contestId, assigned: false })]) },
      });
      expect(await page.getByRole('button', { name: t.join }).isVisible()).toBe(true);
      await nameField.fill('Ada E2E');
      await page.getByRole('button', { name: t.join }).click();
      await page.getByRole('link', { name: t.answerQuestions }).waitFor({ timeout: 15_000 });

      // Outside the top five: the top four and the member, with the real rank.
      const leaders = page.getByTestId('trivia-leaders');
      await leaders.waitFor();
      const leaderRows = async () =>
        (await leaders.locator('tbody tr:not([data-testid="trivia-leaders-gap"])').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
      await expect.poll(leaderRows, { timeout: 15_000 }).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', `7 Ada E2E ${t.you} 0`]);
      // The two players left out between the top four and the member: a row says so.
      expect(await leaders.locator('tbody tr').nth(4).getAttribute('data-testid')).toBe('trivia-leaders-gap');
      expect(await page.getByTestId('trivia-teams').innerText()).toContain(t.yourTeam);
      await checkScreen(page, 'contest', language);

      await page.getByRole('link', { name: t.rulesAndDates }).click();
      await page.waitForURL(`**/trivia/contest/${contestId}/info`);
      await page.getByText(t.rules).waitFor();
      expect(await page.getByText(t.pipsPerAnswer).isVisible()).toBe(true);
      // The dates the operator set (2020-01-01 to 2099-01-01), in the member's language.
      expect(await page.getByText(t.dates).isVisible()).toBe(true);
      expect(await page.getByText('5+ pips').isVisible()).toBe(true);
      expect(await page.getByText(t.team).isVisible()).toBe(true);
      expect(await backLink(page)).toEqual({ text: t.backToContest, href: `/trivia/contest/${contestId}` });
      await checkScreen(page, 'contest-info', language);
      await page.getByRole('link', { name: t.back, exact: true }).click();
      await page.waitForURL(`**/trivia/contest/${contestId}`);

      await page.getByRole('link', { name: t.answerQuestions }).click();
      await page.getByText(t.ocean).waitFor({ timeout: 15_000 });
      expect(await backLink(page)).toEqual({ text: t.backToContest, href: `/trivia/contest/${contestId}` });
      await checkScreen(page, 'contest-question', language);
      await page.getByRole('button', { name: t.pacific }).click();
      await page.getByText(t.fivePips).waitFor();
      expect(await backLink(page)).toEqual({ text: t.backToContest, href: `/trivia/contest/${contestId}` });
      await checkScreen(page, 'contest-answer', language);
      await page.getByRole('button', { name: t.next }).click();
      await page.getByText(t.minutes).waitFor();
      await page.getByRole('button', { name: '60' }).click();
      await page.getByText(t.fivePips).waitFor();

      // The local chart at once: 2 right answers, 10 pips, rank 3 (tied), inside the top five.
      await page.getByRole('link', { name: t.seeLeaderboard }).click();
      const place = page.getByTestId('trivia-my-place');
      await expect.poll(() => place.innerText(), { timeout: 15_000 }).toMatch(t.place);
      expect(await leaderRows()).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', `3 Ada E2E ${t.you} 2`]);
      expect(await page.getByTestId('trivia-leaders-gap').count()).toBe(0);

      // A wrong answer moves nothing; it was the last: no Next, the contest's end with its leaderboard.
      await page.getByRole('link', { name: t.answerQuestions }).click();
      await page.getByText(t.gas).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: t.oxygen }).click();
      await page.getByText(t.noPips).waitFor();
      await page.getByText(t.allAnswered).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: t.next }).count()).toBe(0);
      await expect.poll(leaderRows, { timeout: 15_000 }).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', `3 Ada E2E ${t.you} 2`]);
      expect(await page.getByTestId('trivia-teams').innerText()).toContain(t.yourTeam);

      // The server's chart replaces the local one on the next load, and agrees.
      await page.goto(`${product.url}/trivia/contest/${contestId}`);
      await expect.poll(leaderRows, { timeout: 15_000 }).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', `3 Ada E2E ${t.you} 2`]);
      expect(await place.innerText()).toMatch(t.place);
      expect((await api.dashboard()).availablePips).toBe(10);
      expect((await api.actions()).filter((row) => row.kind === 'contest')).toHaveLength(2);
      // Never an e-mail address on the leaderboard.
      expect(await leaders.innerText()).not.toContain('@');

      // The contest list and the Earn card now say this contest has no question left.
      await page.goto(`${product.url}/trivia/individual`);
      await page.getByRole('link', { name: new RegExp(`${contestName}.*${t.allAnsweredBadge}`) }).waitFor({ timeout: 15_000 });
      await page.goto(`${product.url}/earn`);
      await expect
        .poll(() => page.getByTestId('earn-trivia-contests').innerText().catch(() => ''), { timeout: 15_000 })
        .toBe(t.earnNote(otherName));
      await page.context().close();
    });
  });
});
