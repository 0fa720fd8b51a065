import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in translator does with the next requests. */
export type TranslatorMode = 'translate' | 'fail' | 'hang' | 'garbage';

export interface FakeTranslator {
  /** http://127.0.0.1:PORT (TRANSLATE_URL). */
  url: string;
  /** Every /translate body received, in order. */
  requests: { q: string; source: string; target: string; format: string }[];
  mode: TranslatorMode;
  /** A mode for one text (overrides `mode` where it answers one). */
  modeFor?: (q: string) => TranslatorMode | undefined;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

/**
 * A tiny LibreTranslate-compatible server on 127.0.0.1 for tests: POST /translate
 * {q, source, target, format} answers {translatedText: "[target] q"} (mode 'translate'), a 500
 * ('fail'), a malformed body ('garbage') or nothing at all ('hang').
 */
export async function startFakeTranslator(): Promise<FakeTranslator> {
  const hanging = new Set<() => void>();
  const translator: FakeTranslator = {
    url: '',
    requests: [],
    mode: 'translate',
    close: async () => {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/translate') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(request)) as FakeTranslator['requests'][number];
    translator.requests.push(body);
    const mode = translator.modeFor?.(body.q) ?? translator.mode;
    if (mode === 'hang') {
      const end = () => response.destroy();
      hanging.add(end);
      response.on('close', () => hanging.delete(end));
      return;
    }
    if (mode === 'fail') {
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'boom' }));
      return;
    }
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"translated":');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  translator.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return translator;
}
