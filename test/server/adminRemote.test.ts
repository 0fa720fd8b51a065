import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeArgsFor } from '../../scripts/bundle-server.mjs';
import { main, runAdmin } from '../../server/admin';
import { freePort } from '../e2e/support/serverProcess';
import { runsOn } from './helpers/databases';
import { pglitePlace, seed, startProcess, type Member, type Place, type Running } from './helpers/processPlace';
import { PNG_1X1 } from './helpers/harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OPERATOR = { email: 'boss@example.org', password: 'Operator-secret-1!' };
const OWNER = { email: 'owner@example.org', password: 'Operator-secret-1!' };
/** An account that ran the community once and runs none now (the same password). */
const FORMER = 'former@example.org';

type CliRun = { code: number | null; out: string; err: string };

/**
 * `npm run admin -- ...` in its own process, as an operator runs it beside the server (from the
 * run's bundle of server/admin.ts when `npm test` made one: scripts/bundle-server.mjs).
 */
function spawnAdmin(args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, [...nodeArgsFor('server/admin.ts'), ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

/**
 * The same CLI (`main` of server/admin.ts) in this process, with its own environment and output:
 * each command costs milliseconds instead of a Node start and the CLI's imports (about 2 s of
 * CPU). The first test runs the real process; the others go through the same `main` it calls.
 */
async function admin(args: string[], env: Record<string, string>): Promise<CliRun> {
  let out = '';
  let err = '';
  const io = { env: { ...process.env, ...env }, out: (line: string) => (out += `${line}\n`), err: (line: string) => (err += `${line}\n`) };
  try {
    return { code: await main(args, io), out, err };
  } catch (error) {
    // What the process prints and exits with when a command fails unexpectedly.
    return { code: 1, out, err: `${err}admin failed: ${error instanceof Error ? error.message : String(error)}\n` };
  }
}

/**
 * Issue 14: the CLI beside a running server on PGlite. The server holds the data folder, so the
 * CLI goes through its operator API (PIPS_SERVER_URL): a member signed in to the running server
 * sees each change at once, without a restart.
 */
describe.runIf(runsOn('pglite'))('the operator CLI through a running server (PGlite)', () => {
  let place: Place;
  let server: Running;
  let member: Member;
  let communityId: string;
  let remote: Record<string, string>;

  beforeAll(async () => {
    place = pglitePlace();
    ({ members: [member], communityId } = await seed(place, { members: 1, pips: 0, price: 1, codes: 1 }));
    const { db, close } = await place.open();
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    try {
      const context = { db, publicUrl: 'http://127.0.0.1', out: () => {}, scryptCost: 1024 };
      await runAdmin(['operator:add', '--email', OPERATOR.email, '--community', communityId, '--role', 'editor'], context);
      await runAdmin(['operator:add', '--email', OWNER.email, '--community', communityId, '--role', 'owner'], context);
      await runAdmin(['operator:add', '--email', FORMER, '--community', communityId, '--role', 'viewer'], context);
      const former = await db.selectFrom('users').select('id').where('email', '=', FORMER).executeTakeFirstOrThrow();
      await db.deleteFrom('operator_roles').where('user_id', '=', former.id).execute();
    } finally {
      delete process.env.OPERATOR_PASSWORD;
      await close();
    }
    server = await startProcess(place, await freePort());
    remote = { ...place.env, PIPS_SERVER_URL: server.url, PIPS_OPERATOR_EMAIL: OPERATOR.email, PIPS_OPERATOR_PASSWORD: OPERATOR.password };
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await place?.drop();
    if (place) rmSync(join(place.env.DATA_DIR, '..', `codes-${process.pid}.csv`), { force: true });
  });

  const memberGet = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: member.authToken } });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };

  it('finds the server holding DATA_DIR and goes through it: login saves a session, later commands use it, logout ends it', async () => {
    const sessionFile = join(place.env.DATA_DIR, '..', `session-${process.pid}.json`);
    const env = { ...place.env, PIPS_SESSION_FILE: sessionFile };
    // Not signed in: refused (1), saying how.
    const before = await spawnAdmin(['promo:create', '--community', communityId, '--title', 'Beach clean-up', '--pips', '12'], env);
    expect(before.err).toContain(`through the server at ${server.url}`);
    expect(before.code).toBe(1);
    expect(before.err).toContain('npm run admin -- login');
    // A wrong password: refused, nothing saved.
    const wrong = await spawnAdmin(['login', '--email', OPERATOR.email], { ...env, PIPS_OPERATOR_PASSWORD: 'wrong-Password-1' });
    expect(wrong.code).toBe(1);
    expect(existsSync(sessionFile)).toBe(false);
    const login = await spawnAdmin(['login', '--email', OPERATOR.email], { ...env, PIPS_OPERATOR_PASSWORD: OPERATOR.password });
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Signed in to ${server.url} as ${OPERATOR.email}`);
    expect(login.out).toContain(`${communityId}`);
    expect(statSync(sessionFile).mode & 0o777).toBe(0o600);
    // With the session alone: a change the signed-in member sees at once, audited under the operator.
    const created = await spawnAdmin(['promo:create', '--community', communityId, '--title', 'Tree planting', '--pips', '4'], env);
    expect(created.code).toBe(0);
    expect(created.out).toContain('through the server');
    expect(((await memberGet('/mobile/promos/get?type=EARN')).promos as { title: string }[]).map((p) => p.title)).toContain('Tree planting');
    const audit = await spawnAdmin(['audit:list', '--community', communityId], env);
    expect(audit.code).toBe(0);
    expect(audit.out).toMatch(new RegExp(`${communityId}  ${OPERATOR.email}  promo.create promo #\\d+`));
    // The server checks the role: an editor may not change the community's own settings.
    const support = await spawnAdmin(['community:support', '--community', communityId, '--email', 'help@example.org'], env);
    expect(support.code).toBe(1);
    expect(support.err).toContain('FORBIDDEN');
    // A command that works on the database only is refused with how.
    // Reports too, through the server.
    const push = await spawnAdmin(['push:status', '--community', communityId], env);
    expect(push.code).toBe(0);
    expect(push.out).toMatch(new RegExp(`^Subscriptions in ${communityId} \\(through the server\\): 0 browser\\(s\\) of 0 member\\(s\\)`));
    // logout ends the session on the server: its token no longer works.
    const saved = JSON.parse(readFileSync(sessionFile, 'utf8')) as { authToken: string };
    expect((await fetch(`${server.url}/admin/communities`, { headers: { authorization: `Bearer ${saved.authToken}` } })).status).toBe(200);
    const out = await spawnAdmin(['logout'], env);
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
    expect(existsSync(sessionFile)).toBe(false);
    expect((await fetch(`${server.url}/admin/communities`, { headers: { authorization: `Bearer ${saved.authToken}` } })).status).toBe(401);
  }, 120_000);

  it('creates an earn action, a reward and its codes, and adjusts pips: the signed-in member sees each at once', async () => {
    const earn = await admin(['promo:create', '--community', communityId, '--title', 'Beach clean-up', '--title-es', 'Limpieza de playa', '--pips', '12'], remote);
    expect(earn.err).toContain(`through the server at ${server.url}`);
    expect(earn.code).toBe(0);
    expect(earn.out).toMatch(/Created earn promo #\d+ "Beach clean-up" \/ "Limpieza de playa"/);
    const earnPromos = (await memberGet('/mobile/promos/get?type=EARN')).promos as { title: string }[];
    expect(earnPromos.map((p) => p.title)).toContain('Beach clean-up');

    const reward = await admin(['reward:create', '--community', communityId, '--title', 'Ice cream', '--option', 'One scoop|Una bola=3'], remote);
    expect(reward.code).toBe(0);
    const optionId = /option #(\d+)/.exec(reward.out)?.[1];
    expect(optionId).toBeDefined();
    const codes = join(place.env.DATA_DIR, '..', `codes-${process.pid}.csv`);
    writeFileSync(codes, 'code\nICE-1\nICE-2\nICE-1\n');
    const imported = await admin(['giftcards:import', '--option', optionId!, '--file', codes], remote);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('Imported 2 code(s)');
    expect(imported.out).toContain('skipped "ICE-1": repeated in the file');
    const rewards = (await memberGet('/mobile/promos/get?type=REDEEM')).promos as { title: string; available: boolean }[];
    expect(rewards.find((p) => p.title === 'Ice cream')).toMatchObject({ available: true });
    // A code is unique across the database (issue 46): another option refuses ICE-1 and names where it is.
    const other = await admin(['reward:add-option', '--reward', /Created reward #(\d+)/.exec(reward.out)![1], '--option', 'Two scoops=5', '--limit', '1/week'], remote);
    expect(other.out).toContain('for 5 pips, 1 per member per week to reward');
    const otherId = /option #(\d+)/.exec(other.out)![1];
    const twice = await admin(['giftcards:import', '--option', otherId, '--file', codes, '--dry-run'], remote);
    expect(twice.out).toContain('skipped "ICE-1": already loaded for "Ice cream" · "One scoop" / "Una bola" (code #1)');
    expect(twice.out).toContain('Would import 0 code(s)');
    const limited = await admin(['reward:limit', '--option', optionId!, '--limit', '1'], remote);
    expect(limited.out).toContain('1 per member (through the server)');
    expect(((await memberGet('/mobile/promos/get?type=REDEEM')).limitsLeft as unknown[]).length).toBe(2);
    expect((await admin(['giftcards:duplicates', '--community', communityId], remote)).out).toContain('No gift-card code is stored more than once');

    const adjusted = await admin(['pips:adjust', '--email', (await memberEmail()), '--delta', '25', '--reason', 'Thanks for helping'], remote);
    expect(adjusted.code).toBe(0);
    expect((await memberGet('/mobile/dashboard')).availablePips).toBe(25);

    const news = await admin(['announcement:create', '--community', communityId, '--title', 'Race day', '--text', 'Sunday at nine.', '--link', '/earn'], remote);
    expect(news.code).toBe(0);
    const announcements = (await memberGet('/mobile/announcements')).announcements as { title: string }[];
    expect(announcements.map((a) => a.title)).toEqual(['Race day']);
  }, 120_000);

  it('creates an earn QR code and writes its images; when they cannot be written, the code goes again', async () => {
    const out = join(place.env.DATA_DIR, '..', `qr-${process.pid}`);
    const created = await admin(['qr:create', '--community', communityId, '--title', 'Door prize', '--pips', '3', '--valid-days', '7', '--out', out], remote);
    expect(created.code).toBe(0);
    const link = /link: +(\S+)/.exec(created.out)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/earn\\?qr=`));
    expect(existsSync(join(out, `door-prize-${/#(\d+)/.exec(created.out)?.[1]}.png`))).toBe(true);

    // A file where the folder should be: refused, and no code is left live.
    const blocked = join(place.env.DATA_DIR, '..', `blocked-${process.pid}`);
    writeFileSync(blocked, 'not a folder');
    const refused = await admin(['qr:create', '--community', communityId, '--title', 'Nowhere', '--pips', '3', '--out', blocked], remote);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the code was deleted again');
    const id = /#(\d+)/.exec(created.out)?.[1];
    const again = join(place.env.DATA_DIR, '..', `qr-again-${process.pid}`);
    const printed = await admin(['qr:print', '--id', String(id), '--out', again], remote);
    expect(printed.code).toBe(0);
    expect(existsSync(join(again, `door-prize-${id}-a4.svg`))).toBe(true);
    expect((await admin(['qr:print', '--id', '999999'], remote)).code).toBe(1);
    rmSync(again, { recursive: true, force: true });
    const listed = await admin(['qr:list', '--community', communityId], remote);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('"Door prize"');
    expect(listed.out).not.toContain('Nowhere');
    rmSync(out, { recursive: true, force: true });
    rmSync(blocked, { force: true });
  }, 120_000);

  it('creates a questionnaire, trivia questions and a Chance to Win contest, and draws it now, all through the server', async () => {
    const form = await admin(['questionnaire:create', '--community', communityId, '--file', 'examples/questionnaire.json', '--pips', '15'], remote);
    expect(form.code).toBe(0);
    expect(form.out).toMatch(/Created questionnaire #\d+ "Neighbourhood survey" \/ "Encuesta del barrio" in .*, through the server/);
    const forms = (await memberGet('/web/questionnaires?page=1&size=10')) as unknown;
    expect(JSON.stringify(forms)).toContain('Neighbourhood survey');

    const trivia = await admin(['trivia:import', '--community', communityId, '--file', 'examples/trivia-questions.json'], remote);
    expect(trivia.code).toBe(0);
    expect(trivia.out).toContain('Imported 3 questions into the question of the day');
    const allowance = await admin(['trivia:allowance', '--community', communityId, '--daily', '2', '--time-zone', 'Nowhere/Land'], remote);
    expect(allowance.code).toBe(2);

    const drawing = new Date(Date.now() + 86_400_000).toISOString();
    const contest = await admin(['ctw:create', '--community', communityId, '--name', 'Spring draw', '--threshold', '1', '--drawing', drawing], remote);
    expect(contest.code).toBe(0);
    const id = /contest (\d+)/.exec(contest.out)?.[1];
    expect(contest.out).toMatch(/commitment \(SHA-256 of the seed, revealed at the drawing\): [0-9a-f]{64}/);
    expect((await admin(['ctw:draw', '--id', String(id)], remote)).code).toBe(2);
    const drawn = await admin(['ctw:draw', '--id', String(id), '--now'], remote);
    expect(drawn.code).toBe(0);
    expect(drawn.out).toContain(`Drew contest ${id} "Spring draw", through the server`);
    const again = await admin(['ctw:draw', '--id', String(id), '--now'], remote);
    expect(again.code).toBe(1);
    expect(again.err).toContain('ALREADY_DRAWN');
    const winners = await admin(['ctw:winners', '--id', String(id), '--community', communityId], remote);
    expect(winners.code).toBe(0);
    expect(winners.out).toContain(`Winners of contest ${id} "Spring draw" (through the server):`);
    // Anyone can check the draw from what it published: recomputed here, from the server's answer.
    const verified = await admin(['ctw:verify', '--id', String(id), '--community', communityId], remote);
    expect(verified.out).toContain('OK   winners match the draw');
    expect(verified.out).toContain('Verified.');
    expect(verified.code).toBe(0);
    const quiz = await admin(['contest:create', '--community', communityId, '--name', 'Quiz night', '--starts', '2026-01-01', '--ends', '2099-01-01', '--teams', 'Red,Blue', '--pips', '2'], remote);
    expect(quiz.code).toBe(0);
    const quizId = /trivia contest #(\d+)/.exec(quiz.out)![1];
    const charts = await admin(['contest:charts', '--contest', quizId], remote);
    expect(charts.code).toBe(0);
    expect(charts.out).toBe(`Contest #${quizId}: 0 members (through the server)\n  team "Red": 0 right answers, 0 members\n  team "Blue": 0 right answers, 0 members\n`);

    // The lists, through the server too.
    const lists = await Promise.all([
      admin(['questionnaire:list', '--community', communityId], remote),
      admin(['contest:list', '--community', communityId], remote),
      admin(['reward:list', '--community', communityId], remote),
      admin(['announcement:list', '--community', communityId], remote),
    ]);
    expect(lists.map((l) => l.code)).toEqual([0, 0, 0, 0]);
    expect(lists[0].out).toMatch(/#\d+ +"Neighbourhood survey" \/ "Encuesta del barrio" +15 pips +answered: 0 +3 step\(s\)/);
    expect(lists[2].out).toMatch(/option #\d+ .* codes \d+ left of \d+/);
    expect(lists[3].out).toContain('"Chance to Win: Spring draw has been drawn"');

    const email = await memberEmail();
    const ledger = await admin(['ledger:show', '--email', email.toUpperCase()], remote);
    expect(ledger.code).toBe(0);
    expect(ledger.out).toContain(`Ledger of ${email}:`);
    const user = await admin(['user:show', '--email', email], remote);
    expect(user.out).toContain(`community: ${communityId}`);
    expect((await admin(['user:show', '--email', 'nobody@example.org'], remote)).code).toBe(1);
  }, 120_000);

  it('sets a promo image and prints the community QR code through the server; the role decides the rest', async () => {
    const png = join(place.env.DATA_DIR, '..', `image-${process.pid}.png`);
    writeFileSync(png, Buffer.from(PNG_1X1, 'base64'));
    const created = await admin(['promo:create', '--community', communityId, '--title', 'Picture day', '--pips', '2'], remote);
    const promoId = /#(\d+)/.exec(created.out)![1];
    const image = await admin(['promo:image', '--promo', promoId, '--image', png], remote);
    expect(image.code).toBe(0);
    expect(image.out).toMatch(/Set the image of promo #\d+, through the server: \/images\/[0-9a-f]{64}\.png \(1x1\)/);
    const promos = (await memberGet('/mobile/promos/get?type=EARN')).promos as { title: string; imageUrl: string | null }[];
    expect(promos.find((p) => p.title === 'Picture day')?.imageUrl).toMatch(/\/images\//);
    const out = join(place.env.DATA_DIR, '..', `join-${process.pid}`);
    const qr = await admin(['community:qr', '--community', communityId, '--out', out], remote);
    expect(qr.code).toBe(0);
    expect(existsSync(join(out, `${communityId}.png`))).toBe(true);
    expect(existsSync(join(out, `${communityId}-a4.svg`))).toBe(true);
    expect(existsSync(join(out, `${communityId}-poster.svg`))).toBe(true);
    expect(qr.out).toContain(`${server.url}/community-scan?communityId=${communityId}`);
    // An editor neither gives roles nor creates communities: the server refuses (1).
    const role = await admin(['operator:add', '--email', OPERATOR.email, '--community', communityId, '--role', 'owner'], remote);
    expect(role.code).toBe(1);
    expect(role.err).toContain('FORBIDDEN');
    const community = await admin(['community:create', '--name', 'Elsewhere'], remote);
    expect(community.code).toBe(1);
    expect(community.err).toContain('FORBIDDEN');
    rmSync(out, { recursive: true, force: true });
    rmSync(png, { force: true });
  }, 120_000);

  it('operator:add through the server invites: the same answer for an address with an account or none, the role waiting for acceptance', async () => {
    const asOwner = { ...remote, PIPS_OPERATOR_EMAIL: OWNER.email, PIPS_OPERATOR_PASSWORD: OWNER.password };
    const known = await admin(['operator:add', '--email', OPERATOR.email, '--community', communityId, '--role', 'owner'], asOwner);
    const unknown = await admin(['operator:add', '--email', 'nobody.yet@example.org', '--community', communityId, '--role', 'owner'], asOwner);
    for (const [run, email] of [[known, OPERATOR.email], [unknown, 'nobody.yet@example.org']] as const) {
      expect(run.code).toBe(0);
      expect(run.out.replace(/\(before [^)]+\)/, '')).toBe(
        `Invited ${email} to be owner of ${communityId}, through the server: the role applies once they accept the mailed link signed in with that address \n`,
      );
    }
    // Still an editor until they accept: creating a community is for owners.
    expect((await admin(['community:create', '--name', 'Not yet'], remote)).code).toBe(1);
  }, 120_000);

  it('tells an account that runs no community so at login and in community:list; the operator API refuses its commands (1)', async () => {
    const sessionFile = join(place.env.DATA_DIR, '..', `former-${process.pid}.json`);
    try {
      const login = await admin(['login', '--email', FORMER], { ...place.env, PIPS_SESSION_FILE: sessionFile, PIPS_OPERATOR_PASSWORD: OPERATOR.password });
      expect(login.err).toBe('');
      expect(login.code).toBe(0);
      expect(login.out).toContain('This account runs no community yet');
    } finally {
      rmSync(sessionFile, { force: true });
    }
    const former = { ...remote, PIPS_OPERATOR_EMAIL: FORMER };
    const list = await admin(['community:list'], former);
    expect(list.code).toBe(0);
    expect(list.out).toContain('This account runs no community');
    const adjust = await admin(['pips:adjust', '--email', 'x@example.org', '--delta', '5', '--reason', 'x'], former);
    expect(adjust.code).toBe(1);
    expect(adjust.err).toContain('FORBIDDEN');
  }, 120_000);

  it('links a questionnaire to an earn action, creates a contest with its questions and a promo and a reward with an image, all through the server', async () => {
    const form = await admin(['questionnaire:create', '--community', communityId, '--file', 'examples/questionnaire.json', '--pips', '9'], remote);
    const formId = /questionnaire #(\d+)/.exec(form.out)![1];
    // Unknown, or with a url: refused as bad input (2), nothing sent.
    const unknown = await admin(['promo:create', '--community', communityId, '--title', 'Lost survey', '--questionnaire', '999999'], remote);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain(`community ${communityId} has no questionnaire 999999 (see questionnaire:list)`);
    const withUrl = await admin(['promo:create', '--community', communityId, '--title', 'Lost survey', '--questionnaire', formId, '--url', 'https://example.org/'], remote);
    expect(withUrl.code).toBe(2);
    // The pips default to the questionnaire's; the member is led to it.
    const linked = await admin(['promo:create', '--community', communityId, '--title', 'Tell us', '--questionnaire', formId], remote);
    expect(linked.code).toBe(0);
    expect(linked.out).toContain(`  pips:  9, limit once`);
    expect(linked.out).toContain(`  questionnaire: #${formId} (/forms/${formId}, 9 pips on answering)`);
    const promos = (await memberGet('/mobile/promos/get?type=EARN')).promos as { title: string; questionnaireUrl: string | null }[];
    expect(promos.find((p) => p.title === 'Tell us')?.questionnaireUrl).toBe(`/forms/${formId}`);
    expect(promos.map((p) => p.title)).not.toContain('Lost survey');

    // A contest with its questions in one call; a file with bad entries names each and creates nothing.
    const contest = ['contest:create', '--community', communityId, '--starts', '2026-01-01', '--ends', '2099-01-01', '--teams', 'Red,Blue', '--pips', '2'];
    const badFile = join(place.env.DATA_DIR, '..', `bad-questions-${process.pid}.json`);
    writeFileSync(badFile, JSON.stringify([{ text: '', answers: [{ text: 'A', correct: true }, { text: 'B' }] }, { text: 'One?', answers: [{ text: 'A', correct: true }] }]));
    const bad = await admin([...contest, '--name', 'Bad quiz', '--questions', badFile], remote);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('question 1: text must not be empty; question 2: answers must be a list of 2 to 6 answers');
    const quiz = await admin([...contest, '--name', 'Full quiz', '--questions', 'examples/trivia-questions.json'], remote);
    expect(quiz.code).toBe(0);
    expect(quiz.out).toContain('  questions: 3\n');
    const listed = await admin(['contest:list', '--community', communityId], remote);
    expect(listed.out).toMatch(/"Full quiz" .* questions: 3/);
    expect(listed.out).not.toContain('Bad quiz');

    // --image on promo:create and reward:create: checked first, then set on the new promo.
    const png = join(place.env.DATA_DIR, '..', `create-image-${process.pid}.png`);
    writeFileSync(png, Buffer.from(PNG_1X1, 'base64'));
    const pictured = await admin(['promo:create', '--community', communityId, '--title', 'Pictured', '--pips', '3', '--image', png], remote);
    expect(pictured.code).toBe(0);
    expect(pictured.out).toMatch(/ {2}image: \/images\/[0-9a-f]{64}\.png \(1x1\)/);
    const reward = await admin(['reward:create', '--community', communityId, '--title', 'Pictured card', '--option', 'Card=5', '--image', png], remote);
    expect(reward.code).toBe(0);
    expect(reward.out).toMatch(/ {2}image: \/images\/[0-9a-f]{64}\.png \(1x1\)/);
    const notImage = await admin(['promo:create', '--community', communityId, '--title', 'Not a picture', '--pips', '3', '--image', badFile], remote);
    expect(notImage.code).toBe(2);
    const earn = (await memberGet('/mobile/promos/get?type=EARN')).promos as { title: string; imageUrl: string | null }[];
    expect(earn.find((p) => p.title === 'Pictured')?.imageUrl).toMatch(/\/images\//);
    expect(earn.map((p) => p.title)).not.toContain('Not a picture');
    rmSync(badFile, { force: true });
    rmSync(png, { force: true });
  }, 120_000);

  it('answers bad input with 2 and a refusal with 1, as on the database', async () => {
    const noPips = await admin(['promo:create', '--community', communityId, '--title', 'No pips'], remote);
    expect(noPips.code).toBe(2);
    expect(noPips.err).toContain('--pips');
    const noCommunity = await admin(['announcement:create', '--title', 'Hello'], remote);
    expect(noCommunity.code).toBe(2);
    expect(noCommunity.err).toContain('--community');
    const wrongPassword = await admin(['pips:adjust', '--email', 'x@example.org', '--delta', '5', '--reason', 'x'], { ...remote, PIPS_OPERATOR_PASSWORD: 'wrong-Password-1' });
    expect(wrongPassword.code).toBe(1);
    // Nothing of these reached the members.
    const titles = ((await memberGet('/mobile/promos/get?type=EARN')).promos as { title: string }[]).map((p) => p.title);
    expect(titles).not.toContain('No pips');
  }, 120_000);

  async function memberEmail(): Promise<string> {
    return (await memberGet('/mobile/user/get')).email as string;
  }
});
