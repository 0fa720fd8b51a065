import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../../server/mail/memoryMailer';
import { backends } from './helpers/databases';
import { createHarness, type Harness } from './helpers/harness';
import { startServer, type StartedServer } from './helpers/startServer';

/** Sends raw bytes (what a client library would refuse to send) and reads the whole answer. */
function rawRequest(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

const envelopeOf = (body: string) => JSON.parse(body) as { status: string; success: boolean; data: null; error: { code: string; message: string } };

describe.each(backends.slice(0, 1))('answers before routing on $name', (backend) => {
  let h: Harness;
  let server: StartedServer;
  beforeAll(async () => {
    h = await createHarness(backend);
    server = await startServer({ db: h.db, mailer: createMemoryMailer() });
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  it('answers a URL over the header limit with 431 in the envelope', async () => {
    const answer = await rawRequest(server.url, `GET /mobile/user/get?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(envelopeOf(answer.body)).toMatchObject({ status: 'ERROR', success: false, data: null, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers headers over the limit with 431 in the envelope', async () => {
    const answer = await rawRequest(server.url, `GET /mobile/user/get HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(envelopeOf(answer.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers methods Node does not know, and known ones no call has, with 405 in the envelope', async () => {
    for (const method of ['FOO', 'BREW']) {
      const answer = await rawRequest(server.url, `${method} /mobile/user/get HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, method).toBe(405);
      expect(envelopeOf(answer.body).error.code).toBe('METHOD_NOT_ALLOWED');
    }
    for (const method of ['PROPFIND', 'PATCH', 'TRACE']) {
      const answer = await rawRequest(server.url, `${method} /mobile/user/get HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, method).toBe(405);
      expect(envelopeOf(answer.body).error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('answers QUERY, which Node knows, with 405 or 404 in the envelope even without a Content-Type', async () => {
    const answers: string[] = [];
    for (const path of ['/mobile/user/get', '/admin/communities', '/admin/promos/1', '/images/x.png', '/admin/nothing', '/login']) {
      const answer = await rawRequest(server.url, `QUERY ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const allow = /^allow: (.*)$/im.exec(answer.headers)?.[1]?.trim();
      answers.push(`${path} ${answer.status} ${envelopeOf(answer.body).error.code} ${allow ?? '-'}`);
    }
    expect(answers).toEqual([
      '/mobile/user/get 405 METHOD_NOT_ALLOWED GET, HEAD',
      '/admin/communities 405 METHOD_NOT_ALLOWED GET, HEAD, POST',
      '/admin/promos/1 405 METHOD_NOT_ALLOWED PUT, DELETE',
      '/images/x.png 405 METHOD_NOT_ALLOWED GET, HEAD',
      '/admin/nothing 404 NOT_FOUND -',
      '/login 404 NOT_FOUND -',
    ]);
  });

  it('answers a path parameter over 512 characters with 414 in the envelope', async () => {
    const answer = await rawRequest(server.url, `GET /web/community/${'c'.repeat(600)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(414);
    expect(envelopeOf(answer.body).error.code).toBe('VALIDATION_ERROR');
  });

  it('answers garbage on the wire with 400 in the envelope', async () => {
    const answer = await rawRequest(server.url, `GET / HTTP/1.1\r\nHost x\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(envelopeOf(answer.body).error.code).toBe('VALIDATION_ERROR');
  });
});
