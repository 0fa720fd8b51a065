import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { memberApi, type MemberApi } from './support/memberApi';
import { viewports } from './support/screens';
import { reserveProduct, runAdminCli, type RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/**
 * Trivia in Chromium against the product as `npm start` runs it, on a community the operator
 * prepared with the real CLI: the question of the day (right, wrong, skip, then 'Please try again
 * tomorrow.'), its pip on Home and Activity, the Home tile and the Earn card leading to it; a
 * team contest joined through the screen, answered, its chart updating at once and the
 * leaderboard rule with the member outside and then inside the top five (the other members made
 * through the API); and the question of the day once in Spanish.
 */

const daily = [
  { text: { en: 'How many legs does a spider have?', es: '¿Cuántas patas tiene una araña?' }, answers: [{ text: { en: 'Six', es: 'Seis' } }, { text: { en: 'Eight', es: 'Ocho' }, correct: true }] },
  { text: { en: 'Which planet is red?', es: '¿Qué planeta es rojo?' }, answers: [{ text: { en: 'Mars', es: 'Marte' }, correct: true }, { text: 'Venus' }] },
  { text: { en: 'What do bees make?', es: '¿Qué hacen las abejas?' }, answers: [{ text: { en: 'Milk', es: 'Leche' } }, { text: { en: 'Honey', es: 'Miel' }, correct: true }] },
];
const contestQuestions = [
  { text: 'Largest ocean?', answers: [{ text: 'Atlantic' }, { text: 'Pacific', correct: true }] },
  { text: 'Minutes in an hour?', answers: [{ text: '60', correct: true }, { text: '100' }] },
  { text: 'Gas plants take in?', answers: [{ text: 'Oxygen' }, { text: 'Carbon dioxide', correct: true }] },
];

const match = (output: string, pattern: RegExp) => {
  const found = pattern.exec(output)?.[1];
  if (!found) throw new Error(`no ${pattern} in the CLI's output:\n${output}`);
  return found;
};

describe('trivia in Chromium', () => {
  let dir: string;
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let communityId: string;
  let contestId = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-trivia-'));
    const place = await reserveProduct();
    const admin = (...args: string[]) => runAdminCli(place, args);
    communityId = match(await admin('community:create', '--name', 'E2E Trivia'), /id:\s+(\S+)/);
    const dailyFile = join(dir, 'daily.json');
    writeFileSync(dailyFile, JSON.stringify(daily));
    expect(await admin('trivia:import', '--community', communityId, '--file', dailyFile)).toMatch(/Imported 3 questions/);
    expect(await admin('trivia:allowance', '--community', communityId, '--daily', '5')).toMatch(/5 questions a day/);
    const contestFile = join(dir, 'contest.json');
    writeFileSync(contestFile, JSON.stringify(contestQuestions));
    contestId = Number(
      match(
        await admin(
          'contest:create', '--community', communityId, '--name', 'Spring cup', '--name-es', 'Copa de primavera',
          '--starts', '2020-01-01', '--ends', '2099-01-01', '--teams', 'Owls,Foxes', '--pips', '5',
          '--rules', 'One answer per question.', '--questions', contestFile,
        ),
        /Created trivia contest #(\d+)/,
      ),
    );
    ({ sink, product, browser } = stack = await startStack({ ...relaxedLimits }, place));
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn(member: Member, locale = 'en-US'): Promise<Page> {
    const context = await browser.newContext({ viewport: viewports.phone, locale });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    if (locale.startsWith('es')) {
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

  it('the question of the day: right, wrong, skip, then "Please try again tomorrow.", with the pip on Home and Activity', async () => {
    const member = await createMember(product, sink, { label: 'daily', communityId });
    const api = memberApi(product, member);
    const page = await signedIn(member);

    // The Home tile and the Earn card lead to the real trivia screen.
    await page.getByRole('link', { name: /^Trivia/ }).click();
    await page.waitForURL('**/trivia/individual');
    await heading(page, 'Trivia');
    await page.goto(`${product.url}/earn`);
    await page.getByRole('link', { name: /^Trivia/ }).click();
    await page.waitForURL('**/trivia/individual');
    await heading(page, 'Trivia');
    expect(await page.getByText('Spring cup').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Play trivia' }).click();
    await page.waitForURL('**/trivia/individual/question');
    await page.getByText('How many legs does a spider have?').waitFor();
    await page.getByRole('button', { name: 'Eight' }).click();
    await page.waitForURL('**/trivia/individual/answer');
    await page.getByText('Right!').waitFor();
    expect(await page.getByText('You earned 1 pip.').isVisible()).toBe(true);
    expect(await page.getByText('The right answer: Eight').isVisible()).toBe(true);
    expect(await page.getByText('You have played 1 day in a row.').isVisible()).toBe(true);
    expect((await api.dashboard()).availablePips).toBe(1);

    await page.getByRole('button', { name: 'Next question' }).click();
    await page.waitForURL('**/trivia/individual/question');
    await page.getByText('Which planet is red?').waitFor();
    await page.getByRole('button', { name: 'Venus' }).click();
    await page.getByText('Not quite.').waitFor();
    expect(await page.getByText('No pips this time.').isVisible()).toBe(true);
    expect(await page.getByText('The right answer: Mars').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText('What do bees make?').waitFor();
    await page.getByRole('button', { name: 'Skip this question' }).click();
    await page.getByText('Please try again tomorrow.').waitFor({ timeout: 15_000 });
    expect((await api.dashboard()).availablePips).toBe(1);

    // The pip on Home and in Activity.
    await page.goto(`${product.url}/home`);
    const balance = page.locator('output[aria-label="Available pips"]');
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe('1');
    await page.goto(`${product.url}/activity`);
    await page.getByText('Trivia question of the day').first().waitFor({ timeout: 15_000 });
    const rows = (await api.actions()).filter((row) => row.kind === 'trivia');
    expect(rows).toHaveLength(1);
    await page.context().close();
  });

  it('a team contest: join, answer, the chart moves at once, the top 4 plus the member, then inside the top 5', async () => {
    // Six others: 3, 3, 2, 2, 1 and 1 right answers.
    const scores = [3, 3, 2, 2, 1, 1];
    const others: MemberApi[] = [];
    for (let i = 0; i < scores.length; i++) {
      const other = await createMember(product, sink, { label: `rival${i}`, firstName: `Rival${i}`, lastName: 'Zed', communityId });
      const otherApi = memberApi(product, other);
      expect(await otherApi.call('PUT', `/mobile/contest/trivia/${contestId}/join`, { query: { displayName: `Rival ${i}` } })).toMatchObject({ ok: true });
      for (let k = 0; k < scores[i]; k++) {
        const question = await otherApi.call<{ id: number; answers: { id: number; text: string }[] }>('GET', `/mobile/contest/trivia/${contestId}/question`);
        if (!question.ok) throw new Error(question.code);
        const right = question.data.answers.find((a) => ['Pacific', '60', 'Carbon dioxide'].includes(a.text))!;
        expect(await otherApi.call('POST', `/mobile/contest/trivia/${contestId}/answer`, { query: { questionId: question.data.id, answer: String(right.id) } })).toMatchObject({ ok: true });
      }
      others.push(otherApi);
    }

    const member = await createMember(product, sink, { label: 'contestant', communityId });
    const api = memberApi(product, member);
    const page = await signedIn(member);
    await page.goto(`${product.url}/trivia/individual`);
    await page.getByRole('link', { name: /Spring cup/ }).click();
    await page.waitForURL(`**/trivia/contest/${contestId}`);
    await heading(page, 'Spring cup');
    await page.getByLabel('Name on the leaderboard (optional)').fill('Ada E2E');
    await page.getByRole('button', { name: 'Join the contest' }).click();
    await page.getByRole('link', { name: 'Answer questions' }).waitFor({ timeout: 15_000 });

    // Outside the top five: the top four and the member, with the real rank.
    const leaders = page.getByTestId('trivia-leaders');
    await leaders.waitFor();
    const leaderRows = async () => (await leaders.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
    await expect.poll(leaderRows, { timeout: 15_000 }).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', '7 Ada E2E (you) 0']);
    expect(await page.getByTestId('trivia-teams').innerText()).toContain('(your team)');

    await page.getByRole('link', { name: 'Rules and dates' }).click();
    await page.getByText('One answer per question.').waitFor();
    expect(await page.getByText('Pips for each right answer: 5').isVisible()).toBe(true);
    expect(await page.getByText(/Your team: (Owls|Foxes)/).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back', exact: true }).click();

    await page.getByRole('link', { name: 'Answer questions' }).click();
    await page.getByText('Largest ocean?').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Pacific' }).click();
    await page.getByText('You earned 5 pips.').waitFor();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText('Minutes in an hour?').waitFor();
    await page.getByRole('button', { name: '60' }).click();
    await page.getByText('You earned 5 pips.').waitFor();

    // The local chart at once: 2 right answers, 10 pips, rank 3 (tied), inside the top five.
    await page.getByRole('link', { name: 'See the leaderboard' }).click();
    const place = page.getByTestId('trivia-my-place');
    await expect.poll(() => place.innerText(), { timeout: 15_000 }).toMatch(/Rank 3[\s\S]*Right answers: 2[\s\S]*Pips earned: 10/);
    expect(await leaderRows()).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', '3 Ada E2E (you) 2']);

    // The server's chart replaces it on the next load, and agrees.
    await page.reload();
    await expect.poll(leaderRows, { timeout: 15_000 }).toEqual(['1 Rival 0 3', '1 Rival 1 3', '3 Rival 2 2', '3 Rival 3 2', '3 Ada E2E (you) 2']);
    expect((await api.dashboard()).availablePips).toBe(10);
    expect((await api.actions()).filter((row) => row.kind === 'contest')).toHaveLength(2);
    // Never an e-mail address on the leaderboard.
    expect(await leaders.innerText()).not.toContain('@');
    await page.context().close();
  });

  it('the question of the day in Spanish', async () => {
    const member = await createMember(product, sink, { label: 'diaria', firstName: 'Lucía', communityId });
    const page = await signedIn(member, 'es-ES');
    await page.goto(`${product.url}/trivia/individual`);
    await heading(page, 'Trivia');
    await page.getByRole('link', { name: 'Jugar a la trivia' }).click();
    await page.getByText('¿Cuántas patas tiene una araña?').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Ocho' }).click();
    await page.getByText('¡Correcto!').waitFor();
    expect(await page.getByText('Ganaste 1 pip.').isVisible()).toBe(true);
    expect(await page.getByText('La respuesta correcta: Ocho').isVisible()).toBe(true);
    await page.context().close();
  });
});
