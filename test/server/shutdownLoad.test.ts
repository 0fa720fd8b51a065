import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/serverProcess';
import { placesOfThisRun, seed, startProcess, type Member } from './helpers/processPlace';


/** What one request of the load got: an answer (status, headers, parsed body) or a socket error. */
type Outcome =
  | { kind: 'answer'; sentAfterSignal: boolean; status: number; body: unknown; retryAfter?: string; requestId?: string }
  | { kind: 'error'; sentAfterSignal: boolean; code: string; message: string };

/** One request on a keep-alive agent, never rejected: a reset comes back as an error outcome. */
function send(agent: Agent, base: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body: string | undefined, afterSignal: () => boolean) {
  const sentAfterSignal = afterSignal();
  return new Promise<Outcome>((resolve) => {
    const req = request(`${base}${path}`, { method, agent, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', sentAfterSignal, code: error.code ?? 'ERROR', message: error.message }));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text, and the test says so
        }
        const header = (name: string) => (typeof res.headers[name] === 'string' ? (res.headers[name] as string) : undefined);
        resolve({ kind: 'answer', sentAfterSignal, status: res.statusCode ?? 0, body: parsed, retryAfter: header('retry-after'), requestId: header('x-request-id') });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', sentAfterSignal, code: error.code ?? 'ERROR', message: error.message }));
    req.end(body);
  });
}

const isEnvelope = (body: unknown): body is { status: string; error: { code: string } | null } =>
  typeof body === 'object' && body !== null && ['OK', 'ERROR'].includes((body as { status?: unknown }).status as string) && 'error' in body;

const places = placesOfThisRun(afterAll);

/**
 * SIGTERM to a real server while keep-alive clients redeem and read back to back (issue 46). The
 * clients behave as the PWA does: after a 503 they wait its Retry-After before sending again.
 * Every request gets an answer in the envelope (the ones in flight their 200 or 4xx, the ones that
 * arrive while the server drains 503 SERVICE_UNAVAILABLE with Retry-After and X-Request-Id), and
 * no request is reset: idle keep-alive connections are not cut under a request on its way.
 */
describe.each(places)('SIGTERM under a load of keep-alive clients on $name', ({ make }) => {
  it('answers every request in the envelope and resets none', { timeout: 240_000 }, async () => {
    const place = make();
    const { members, reward } = await seed(place, { members: 6, pips: 100_000, price: 1, codes: 1_000 });
    const port = await freePort();
    const server = await startProcess(place, port);
    let serverGone = false;
    let signalled = false;
    const exited = server.exited.then(() => (serverGone = true));

    // More sockets than clients: some stay idle in the agent's pool between requests.
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: Outcome[] = [];
    let n = 0;
    const client = async (member: Member, index: number) => {
      while (!serverGone) {
        const redeem = (++n + index) % 2 === 0;
        const outcome = redeem
          ? await send(agent, server.url, 'POST', '/mobile/redeem', { authorization: member.authToken, 'content-type': 'application/x-www-form-urlencoded' },
              new URLSearchParams({ pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: `load-${randomBytes(6).toString('hex')}` }).toString(),
              () => signalled)
          : await send(agent, server.url, 'GET', '/mobile/dashboard', { authorization: member.authToken }, undefined, () => signalled);
        outcomes.push(outcome);
        // The port is closed: the server is gone, nothing more to ask.
        if (outcome.kind === 'error' && outcome.code === 'ECONNREFUSED') return;
        if (outcome.kind === 'answer' && outcome.status === 503) {
          const wait = Number(outcome.retryAfter) > 0 ? Number(outcome.retryAfter) : 1;
          const until = Date.now() + wait * 1000;
          while (!serverGone && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const clients = Array.from({ length: 12 }, (_, i) => client(members[i % members.length], i));
    while (outcomes.filter((o) => o.kind === 'answer' && o.status === 200).length < 200) {
      if (server.child.exitCode !== null) throw new Error(`server died on its own:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    signalled = true;
    server.child.kill('SIGTERM');
    await exited;
    await Promise.all(clients);
    agent.destroy();

    const resets = outcomes.filter((o) => o.kind === 'error' && o.code !== 'ECONNREFUSED');
    expect(resets).toEqual([]);
    // A refused connection only once the server has closed its port, after the signal.
    expect(outcomes.filter((o) => o.kind === 'error' && !o.sentAfterSignal)).toEqual([]);
    const answers = outcomes.filter((o): o is Extract<Outcome, { kind: 'answer' }> => o.kind === 'answer');
    expect(answers.filter((a) => !isEnvelope(a.body) || !a.requestId)).toEqual([]);
    // Only the members' own refusals (a 4xx) and the drain's 503 besides the 200s.
    const unavailable = answers.filter((a) => a.status >= 500);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((a) => a.status !== 503 || (a.body as { error: { code: string } }).error.code !== 'SERVICE_UNAVAILABLE' || !(Number(a.retryAfter) > 0) || !a.sentAfterSignal)).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(200);
    expect(server.child.exitCode).toBe(0);
  });
});
