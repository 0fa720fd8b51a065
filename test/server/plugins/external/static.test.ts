import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { call, createHarness, expectFailure, expectOk, type Harness } from '../../helpers/harness';

const INDEX = '<!doctype html><html><body><div id="root"></div><!-- pips shell --></body></html>';
// The Spanish shell names the Spanish catalog (build/catalogParts.ts); long enough to be precompressed.
const INDEX_ES = `<!doctype html><html><head><link rel="modulepreload" href="/assets/messages-es.js"></head><body><div id="root"></div>${'<!-- es -->'.repeat(120)}</body></html>`;
// What build/prerender writes: a route's page per language, with its compressed copies.
const WELCOME = '<!doctype html><html><body><div id="root"><div data-prerendered inert><h1>Welcome to pips</h1></div></div></body></html>';
const WELCOME_ES = `<!doctype html><html lang="es"><body><div id="root"><div data-prerendered inert><h1>Te damos la bienvenida</h1></div></div>${'<!-- es -->'.repeat(120)}</body></html>`;
const TERMS = '<!doctype html><html><body><div id="root"><div data-prerendered inert><h1>Terms</h1></div></div></body></html>';
const MANIFEST = JSON.stringify({ name: 'pips rewards', short_name: 'pips', start_url: '/', display: 'standalone' });

describe.each(backends)('static PWA on $name', (backend) => {
  let h: Harness;
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'pips-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'index.es.html'), INDEX_ES);
    await writeFile(join(dist, 'index.es.html.br'), brotliCompressSync(INDEX_ES));
    await writeFile(join(dist, 'index.es.html.gz'), gzipSync(INDEX_ES));
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("pips")');
    await mkdir(join(dist, 'prerendered'));
    await writeFile(join(dist, 'prerendered', 'welcome.html'), WELCOME);
    await writeFile(join(dist, 'prerendered', 'welcome.es.html'), WELCOME_ES);
    await writeFile(join(dist, 'prerendered', 'welcome.es.html.br'), brotliCompressSync(WELCOME_ES));
    await writeFile(join(dist, 'prerendered', 'terms.html'), TERMS);
    // The build's list of its pages; the server sends only what it lists and finds inside the build.
    await writeFile(
      join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        '/welcome': { en: 'prerendered/welcome.html', es: 'prerendered/welcome.es.html' },
        '/terms': { en: 'prerendered/terms.html' },
        // A sibling of the build whose name starts like it.
        '/home': { en: `../${basename(dist)}-outside.html` },
        '/profile': { en: 'prerendered/profile.html' },
      }),
    );
    await writeFile(`${dist}-outside.html`, '<p>outside the build</p>');
    await writeFile(join(dist, 'manifest.webmanifest'), MANIFEST);
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})');
    // What build/precompress.ts writes next to a text file of the build.
    const big = `console.log(${JSON.stringify('pips '.repeat(400))})`;
    await writeFile(join(dist, 'assets', 'big-def456.js'), big);
    await writeFile(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
    await writeFile(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(big));
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await writeFile(join(dist, 'assets', '.secret'), 'not for the web');
    h = await createHarness(backend);
    app = await h.buildApp({ staticDir: dist });
  });
  afterAll(async () => {
    await h.close();
    await rm(dist, { recursive: true, force: true });
    await rm(`${dist}-outside.html`, { force: true });
  });

  it('serves built files with long caching for hashed assets only', async () => {
    const asset = await call(app, { url: '/assets/index-abc123.js' });
    expect(asset.status).toBe(200);
    expect(asset.text).toContain('pips');
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await call(app, { url: '/sw.js' });
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const raw = async (encoding: string | undefined) =>
      app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('pips pips');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('pips pips');
    const plain = await raw(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('pips pips');
  });

  it('serves robots.txt', async () => {
    const robots = await call(app, { url: '/robots.txt' });
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('User-agent');
  });

  it('serves the manifest of the build as application/manifest+json', async () => {
    const manifest = await call(app, { url: '/manifest.webmanifest' });
    expect(manifest.status).toBe(200);
    expect(String(manifest.headers['content-type'])).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toEqual(JSON.parse(MANIFEST));
  });

  it.each(['/', '/login', '/reset-password?emailToken=abc&email=a%40example.com', '/community-scan?communityId=demo-x', '/trivia/contest/3/question'])(
    'answers the client route %s with index.html',
    async (url) => {
      const response = await call(app, { url });
      expect(response.status).toBe(200);
      expect(response.text).toBe(INDEX);
      expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    ['es-419,es;q=0.9,en;q=0.8', 'es'],
    ['es', 'es'],
    ['fr,es;q=0.4', 'es'],
    ['en-US,es;q=0.5', 'en'],
    ['de', 'en'],
    [undefined, 'en'],
  ])('answers the shell for Accept-Language %s in %s (its catalog preloaded)', async (language, expected) => {
    for (const url of ['/', '/home', '/login?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expected === 'es' ? INDEX_ES : INDEX);
      expect(String(response.headers.vary)).toMatch(/Accept-Language/i);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the Spanish shell precompressed', async () => {
    const response = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'es', 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_ES);
    expect(String(response.headers.vary)).toMatch(/Accept-Language/i);
  });

  it.each([
    ['/welcome', 'en', WELCOME],
    ['/welcome?community=1', 'en-GB', WELCOME],
    ['/welcome', 'es-MX,es;q=0.9', WELCOME_ES],
    ['/terms', 'en', TERMS],
    // No Spanish page for /terms: the Spanish shell, as for any other path.
    ['/terms', 'es', INDEX_ES],
    ['/welcome/', 'en', INDEX],
    ['/welcome/more', 'en', INDEX],
    ['/home', 'en', INDEX],
    // Listed, but outside the build or not there: the shell.
    ['/profile', 'en', INDEX],
  ])('answers %s (Accept-Language %s) with its prerendered page in that language when the build made one', async (url, language, expected) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toMatch(/Accept-Language/i);
  });

  it.each([
    ['language=es', 'en-US', WELCOME_ES],
    ['theme=dark; language=es', 'en', WELCOME_ES],
    ['language=en', 'es', WELCOME],
    // Not a language the app has, or not the language cookie: the browser's language decides.
    ['language=fr', 'es', WELCOME_ES],
    ['language=es-x', 'en', WELCOME],
    ['mylanguage=es', 'en', WELCOME],
  ])('sends the page in the language the member chose in the app (cookie %s, Accept-Language %s)', async (cookie, language, expected) => {
    const response = await app.inject({ method: 'GET', url: '/welcome', headers: { cookie, 'accept-language': language } });
    expect(response.body).toBe(expected);
    expect(String(response.headers.vary)).toMatch(/Cookie/);
  });

  it.each([
    ['signedIn=1', '/welcome', 'en', INDEX],
    ['language=es; signedIn=1', '/welcome', 'en', INDEX_ES],
    ['signedIn=1; theme=dark', '/terms', 'en', INDEX],
    // Not the cookie the app writes while it holds a session: the prerendered page.
    ['signedIn=0', '/welcome', 'en', WELCOME],
    ['notsignedIn=1', '/welcome', 'en', WELCOME],
    ['signedIn=10', '/welcome', 'es', WELCOME_ES],
  ])('with cookie %s, answers %s (Accept-Language %s) with the shell when the browser holds a signed-in member', async (cookie, url, language, expected) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': language } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
    expect(String(response.headers.vary)).toMatch(/Cookie/);
  });

  it('sends the shell in the chosen language too', async () => {
    const response = await app.inject({ method: 'GET', url: '/home', headers: { cookie: 'language=es', 'accept-language': 'en' } });
    expect(response.body).toBe(INDEX_ES);
  });

  it('sends a prerendered page precompressed', async () => {
    const response = await app.inject({ method: 'GET', url: '/welcome', headers: { 'accept-language': 'es', 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(WELCOME_ES);
  });

  it('keeps API paths out of the fallback', async () => {
    expectFailure(await call(app, { url: '/api/unknown' }), 404, 'NOT_FOUND');
    expectFailure(await call(app, { url: '/mobile' }), 404, 'NOT_FOUND');
    expectFailure(await call(app, { url: '/web/unknown/thing' }), 404, 'NOT_FOUND');
    expectOk(await call(app, { url: '/api/health' }));
    // A client route that merely starts like an API prefix is still the app.
    expect((await call(app, { url: '/webinar' })).text).toBe(INDEX);
  });

  it('answers every path under /admin and /images as the API does: 404, 405 with Allow and 414 in the envelope, never the shell', async () => {
    const json = (response: { headers: Record<string, unknown> }) => String(response.headers['content-type']);
    const answers = [
      // A PUT-only path, asked with other methods.
      ['GET', '/admin/promos/1', 405, 'METHOD_NOT_ALLOWED', 'PUT, DELETE'],
      ['PATCH', '/admin/promos/1', 405, 'METHOD_NOT_ALLOWED', 'PUT, DELETE'],
      ['POST', '/images/not-a-hash.png', 405, 'METHOD_NOT_ALLOWED', 'GET, HEAD'],
      // Unknown paths, and the console's old views.
      ['GET', '/admin/nothing/here', 404, 'NOT_FOUND'],
      ['GET', '/admin/', 404, 'NOT_FOUND'],
      ['GET', '/admin/rewards', 404, 'NOT_FOUND'],
      ['DELETE', '/images', 404, 'NOT_FOUND'],
      // A malformed image name.
      ['GET', '/images/not-a-hash.png', 404, 'NOT_FOUND'],
      ['GET', `/images/${'a'.repeat(64)}.gif`, 404, 'NOT_FOUND'],
      // Ids over the router's limit (the router gives up on them; the files' catch-all answered
      // the shell, and 403 from a path over the file system's limit).
      ['GET', `/admin/communities/${'c'.repeat(600)}`, 414, 'VALIDATION_ERROR'],
      ['GET', `/images/${'a'.repeat(600)}`, 414, 'VALIDATION_ERROR'],
      ['GET', `/images/${'a'.repeat(4_000)}`, 414, 'VALIDATION_ERROR'],
      ['GET', `/images/${'a'.repeat(5_000)}`, 414, 'VALIDATION_ERROR'],
      ['GET', `/web/community/${'c'.repeat(600)}`, 414, 'VALIDATION_ERROR'],
      ['GET', `/api/${'x'.repeat(5_000)}`, 404, 'NOT_FOUND'],
    ] as const;
    for (const [method, url, status, code, allow] of answers) {
      const response = await call(app, { method, url });
      const label = `${method} ${url.slice(0, 40)}`;
      expect(json(response), label).toMatch(/^application\/json/);
      expect({ status: response.status, code: response.body?.error?.code, allow: response.headers.allow }, label).toEqual({ status, code, allow });
    }
    const head = await app.inject({ method: 'HEAD', url: '/admin/nothing' });
    expect(head.statusCode).toBe(404);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends an old bookmark of the console (GET /admin) to /console, and serves the console as any page', async () => {
    const bookmark = await call(app, { url: '/admin' });
    expect(bookmark.status).toBe(308);
    expect(bookmark.headers.location).toBe('/console');
    expect((await call(app, { url: '/admin?view=audit' })).headers.location).toBe('/console?view=audit');
    for (const url of ['/console', '/console/audit', '/console/rewards']) {
      const page = await call(app, { url });
      expect(page.status, url).toBe(200);
      expect(page.text, url).toBe(INDEX);
    }
  });

  it('answers a missing file with an extension 404, and non-GET requests 404 in the envelope', async () => {
    expectFailure(await call(app, { url: '/assets/missing-123.js' }), 404, 'NOT_FOUND');
    expectFailure(await call(app, { method: 'POST', url: '/login' }), 404, 'NOT_FOUND');
  });

  it("serves the assets folder's files by name only: HEAD too, and never a dotfile or a path out of the folder", async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toContain('immutable');
    for (const url of ['/assets/.secret', '/assets/%2esecret', '/assets/..%2Fpackage.json', '/assets/%2e%2e%2f%2e%2e%2fpackage.json', '/assets/%2e%2e']) {
      const response = await call(app, { url });
      expect(response.status, url).not.toBe(500);
      expect(response.text, url).not.toContain('not for the web');
      expect(response.text, url).not.toContain('"name": "pips"');
    }
  });

  it('does not serve files outside the build folder', async () => {
    const response = await call(app, { url: '/../package.json' });
    expect(response.text).not.toContain('"name": "pips"');
    const encoded = await call(app, { url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.text).not.toContain('root:');
  });

  it('without a build, shows how to build and still serves a manifest', async () => {
    const page = await h.call({ url: '/login' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('npm run build');
    const manifest = await h.call({ url: '/manifest.webmanifest' });
    expect(manifest.status).toBe(200);
    expect(String(manifest.headers['content-type'])).toMatch(/^application\/manifest\+json/);
    expect(manifest.body.name).toBe('pips');
    expectFailure(await h.call({ url: '/api/nope' }), 404, 'NOT_FOUND');
  });
});
