import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { mailLanguage, type MailLanguage } from '../../mail/language';

/**
 * Paths that belong to the API (the operator API under /admin, the images, and /control, the
 * operator CLI's backup route on this machine): unknown ones answer the envelope, never the app shell.
 */
export const API_PREFIXES = ['/api', '/mobile', '/web', '/admin', '/images', '/control'];

/** The router's limit on a path parameter (server/app.ts): a longer one answers 414. */
export const MAX_PARAM_LENGTH = 512;

/** Where the operator console lives (src/routing/paths.ts); `GET /admin`, its old address, redirects there. */
export const CONSOLE_PATH = '/console';

/** Whether a segment of the path is longer, decoded, than a path parameter may be. */
function hasOverlongSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    if (segment.length <= MAX_PARAM_LENGTH) return false;
    try {
      return decodeURIComponent(segment).length > MAX_PARAM_LENGTH;
    } catch {
      return true;
    }
  });
}

export function isApiPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  for (const prefix of API_PREFIXES) {
    if (path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* / */)) return true;
  }
  return false;
}

/** Served when the PWA has not been built (the built app has its own in STATIC_DIR). */
const FALLBACK_MANIFEST = { name: 'pips', short_name: 'pips', start_url: '/', display: 'standalone' };

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pips</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>pips</h1>
<p>The server is running, but the app has not been built yet.</p>
<p>Run <code>npm run build</code> and restart the server (or use <code>npm start</code>, which does both).</p>
<p>The API answers under <code>/api</code>, <code>/mobile</code> and <code>/web</code>; try <a href="/api/health">/api/health</a>.</p>
</body></html>
`;

/**
 * The build's list of its prerendered pages (build/prerender/page.ts, `PRERENDERED_INDEX`): per
 * path, per language, the page's file (`{"/login": {"en": "prerendered/login.html", ...}}`).
 */
const PRERENDERED_INDEX = 'prerendered/pages.json';

/** The name of a file in the build's assets folder: one segment of plain characters, not starting with a dot. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/**
 * The pages the build prerendered, by path and language. A list that is missing or unreadable, or
 * an entry naming a file outside the build or not there, leaves that page out: its path gets the
 * shell, as any other.
 */
function prerenderedPages(root: string): Map<string, Map<string, string>> {
  const pages = new Map<string, Map<string, string>>();
  let index: unknown;
  try {
    index = JSON.parse(readFileSync(resolve(root, PRERENDERED_INDEX), 'utf8'));
  } catch {
    return pages;
  }
  if (!index || typeof index !== 'object') return pages;
  for (const [path, languages] of Object.entries(index)) {
    if (!path.startsWith('/') || !languages || typeof languages !== 'object') continue;
    for (const [language, file] of Object.entries(languages as Record<string, unknown>)) {
      if (typeof file !== 'string') continue;
      const full = resolve(root, file);
      if (!full.startsWith(root + sep) || !existsSync(full)) continue;
      if (!pages.has(path)) pages.set(path, new Map());
      pages.get(path)!.set(language, relative(root, full));
    }
  }
  return pages;
}

/** The `language` cookie among the request's cookies, when it names a language the app has. */
const CHOSEN_LANGUAGE = /(?:^|;\s*)language=(en|es)(?:;|\s*$)/;

/**
 * The cookie the PWA writes while it holds a stored session (src/data/credentials.ts): no token,
 * only that a member is signed in on this browser.
 */
const STORED_SESSION = /(?:^|;\s*)signedIn=1(?:;|\s*$)/;

/**
 * Whether the browser says it holds a signed-in member. The pages the build prerendered are guest
 * screens (/login, /welcome) the app sends a signed-in member away from: their form, shown inert
 * until the app has started, would only be in the way, so such a visit gets the shell (the splash).
 */
function holdsSession(headers: FastifyRequest['headers']): boolean {
  const cookie = headers.cookie;
  return typeof cookie === 'string' && cookie.length <= 4096 && STORED_SESSION.test(cookie);
}

/**
 * The language of the page sent for a path: the member's choice in the app (the `language`
 * cookie the PWA writes, src/i18n/locales.ts), else the browser's (Accept-Language, the same rule
 * as the mails).
 */
function pageLanguage(headers: FastifyRequest['headers']): MailLanguage {
  const cookie = headers.cookie;
  const chosen = typeof cookie === 'string' && cookie.length <= 4096 ? CHOSEN_LANGUAGE.exec(cookie)?.[1] : undefined;
  return (chosen as MailLanguage | undefined) ?? mailLanguage(headers['accept-language']);
}

/**
 * Serves the built PWA from STATIC_DIR. Any GET that is neither an API path nor a file gets
 * the app shell (client-side routes such as /, /login or /reset-password?...). Without a build, a
 * short page says how to make one.
 *
 * The shell names its language's catalog in a modulepreload (build/catalogParts.ts):
 * `index.html` the English one, `index.es.html` the Spanish one, sent when the page's language
 * is Spanish (`pageLanguage`: the member's choice, else Accept-Language; `Vary` names both). A
 * path the build prerendered (/login, /welcome) gets its page in that language instead: the same
 * shell with the screen already in it, unless the browser holds a signed-in member (`holdsSession`).
 */
export default fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const root = resolve(staticDir);
    const built = existsSync(root) && statSync(root).isDirectory() && existsSync(resolve(root, 'index.html'));
    const spanishShell = built && existsSync(resolve(root, 'index.es.html'));
    const prerendered = built ? prerenderedPages(root) : new Map<string, Map<string, string>>();

    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // `/` is the shell too, in the visitor's language (its own route below).
        index: false,
        // The build writes .br and .gz next to every text file (build/precompress.ts).
        preCompressed: true,
        // Hashed build assets never change; everything else (index.html, sw.js, manifest) is revalidated.
        setHeaders(reply, path) {
          reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The hashed assets (most of what a visit and the service worker's precache fetch) by a
      // route of their own. The plugin's catch-all route checks the spelling of every path
      // against its folders' listings: a listing of the ~600-file assets folder for the file, and
      // again for its compressed copy (measured on this build, 2.4-2.8 ms of the server's CPU per
      // asset against 1.0-1.3 without). Here a name is one segment of plain characters that
      // cannot start with a dot, so it stays inside the folder, and everything in the folder is
      // public: no guarded path can be reached by another spelling of a name.
      app.get('/assets/:file', (request, reply) => {
        const { file } = request.params as { file: string };
        if (!ASSET_NAME.test(file)) return reply.callNotFound();
        return reply.sendFile(`assets/${file}`);
      });
    }

    const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
      const language = pageLanguage(request.headers);
      const path = request.url.split('?')[0];
      const page = holdsSession(request.headers) ? undefined : prerendered.get(path)?.get(language);
      const shell = page ?? (spanishShell && language === 'es' ? 'index.es.html' : 'index.html');
      return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Accept-Language, Cookie').sendFile(shell);
    };
    if (built) app.get('/', sendShell);

    /**
     * The answer to a request on an API path that no route takes, in the envelope: 405 with
     * `Allow` when the path is a route's for other methods, 414 when it is a route's but a path
     * parameter is over the router's limit (the router then gives up on it), 404 otherwise.
     */
    const apiMiss = (request: FastifyRequest, reply: FastifyReply): AppError => {
      const path = request.url.split('?')[0];
      const methods = [...new Set(app.routeTable.filter((route) => route.pattern.test(path)).map((route) => route.method))];
      if (methods.includes(request.method)) {
        return hasOverlongSegment(path)
          ? new AppError('VALIDATION_ERROR', 414, 'A path parameter is too long.')
          : new AppError('NOT_FOUND', 404, `No such call: ${request.method} ${path}.`);
      }
      if (methods.length > 0) {
        reply.header('allow', methods.join(', '));
        return new AppError('METHOD_NOT_ALLOWED', 405, `${request.method} is not allowed on ${path}.`);
      }
      return new AppError('NOT_FOUND', 404, `No such call: ${request.method} ${path}.`);
    };

    // A GET on an API path that no route takes never reaches the files' catch-all (its spelling
    // check answers 403 for a path over the file system's limit, and a miss there gets the shell).
    for (const prefix of API_PREFIXES) {
      app.get(`${prefix}/*`, async (request, reply) => {
        throw apiMiss(request, reply);
      });
    }
    // The console moved from /admin to /console: an old bookmark of its start is sent there.
    app.get('/admin', async (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(query < 0 ? CONSOLE_PATH : `${CONSOLE_PATH}${request.url.slice(query)}`, 308);
    });

    // A request no route takes, other than a GET for a page, is answered before its body is read:
    // Fastify refuses a QUERY without a Content-Type (400) before the not-found handler runs.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.is404) return done();
      if (isApiPath(request.url)) return done(apiMiss(request, reply));
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return done(new AppError('NOT_FOUND', 404, `No such resource: ${request.method} ${request.url.split('?')[0]}.`));
      }
      done();
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      if (isApiPath(path)) throw apiMiss(request, reply);
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw new AppError('NOT_FOUND', 404, `No such resource: ${request.method} ${path}.`);
      }
      if (path === '/manifest.webmanifest') {
        // Not built yet: a minimal manifest, so the app name can still be read.
        return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(JSON.stringify(FALLBACK_MANIFEST));
      }
      // A missing file with an extension (e.g. an old hashed asset) is a real 404, not the app shell.
      if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
        throw new AppError('NOT_FOUND', 404, `No such file: ${path}.`);
      }
      if (!built) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
      return sendShell(request, reply);
    });
  },
  { name: 'static', dependencies: ['errorHandler', 'routeTable'] },
);
