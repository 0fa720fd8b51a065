// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogParts, messageIdsIn, partPrologue, SPANISH_SHELL } from '../../../build/catalogParts';

describe('messageIdsIn', () => {
  const ids = new Set(['pages.login.title', 'pages.login.email']);

  it('finds the catalog ids among the string literals, in any quotes, once each', () => {
    const code = `i18n._({ id: "pages.login.title" }); t({id:'pages.login.email'}); x(\`pages.login.title\`); "pages.unknown"`;
    expect(messageIdsIn(code, ids).sort()).toEqual(['pages.login.email', 'pages.login.title']);
  });

  it('finds nothing in code without catalog ids', () => {
    expect(messageIdsIn('const title = "Log in";', ids)).toEqual([]);
  });

  it('finds every id of the member’s catalog as the macro writes it (an id it cannot see would show as an id)', () => {
    const po = readFileSync(join(import.meta.dirname, '../../../locales/en/messages.po'), 'utf8');
    const all = [...po.matchAll(/^msgid "(.+)"$/gm)].map(([, id]) => id);
    expect(all.length).toBeGreaterThan(500);
    const catalog = new Set(all);
    const unseen = all.filter((id) => messageIdsIn(`i18n._({ id: ${JSON.stringify(id)} })`, catalog).join() !== id);
    expect(unseen).toEqual([]);
  });
});

describe('partPrologue', () => {
  const urls = { en: '/assets/messages-a.js', es: '/assets/messages-b.js' };
  const run = (prologue: string) => new Function(`return (async () => { ${prologue} })()`)() as Promise<void>;

  it('lists a first-load part for main.tsx to load', async () => {
    const globals = globalThis as { __pipsCatalogParts?: unknown[] };
    globals.__pipsCatalogParts = [];
    await run(partPrologue(urls, true));
    expect(globals.__pipsCatalogParts).toEqual([urls]);
    delete globals.__pipsCatalogParts;
  });

  it('makes a later chunk wait until its part has loaded', async () => {
    const loads: unknown[] = [];
    let finish!: () => void;
    globalThis.__pipsLoadCatalogPart = (part) => {
      loads.push(part);
      return new Promise<void>((resolve) => (finish = resolve));
    };
    let ran = false;
    const chunk = run(`${partPrologue(urls, false)}globalThis.__ran();`);
    (globalThis as { __ran?: () => void }).__ran = () => (ran = true);
    await Promise.resolve();
    expect(loads).toEqual([urls]);
    expect(ran).toBe(false);
    finish();
    await chunk;
    expect(ran).toBe(true);
    delete globalThis.__pipsLoadCatalogPart;
  });
});

describe('catalogParts in a build', () => {
  let dir: string;
  let output: Rollup.RollupOutput;
  const chunk = (name: string) => output.output.find((f): f is Rollup.OutputChunk => f.type === 'chunk' && f.name === name)!;
  const asset = (fileName: string) => output.output.find((f) => f.fileName === fileName) as Rollup.OutputAsset | undefined;
  /** The compiled messages of a part file of the build (Lingui's compiled form: a list of pieces). */
  const partMessages = async (url: string): Promise<Record<string, unknown>> => {
    const source = String(asset(url.slice(1))!.source);
    const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as { messages: Record<string, unknown> };
    return module.messages;
  };
  /** The part a chunk's prologue names (the bundler reformats the prologue, so read it loosely). */
  const urlsIn = (code: string) => ({ en: /"en":\s*"([^"]+)"/.exec(code)![1], es: /"es":\s*"([^"]+)"/.exec(code)![1] });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-parts-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head></head><body><script type="module" src="./main.js"></script></body></html>');
    writeFileSync(join(dir, 'main.js'), `import('./home.js'); console.log({ id: "pages.login.title" });`);
    writeFileSync(join(dir, 'home.js'), `export const title = { id: "pages.home.tiles.triviaText" };`);
    output = (await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [catalogParts()],
      build: { write: false, minify: false, modulePreload: false },
    })) as Rollup.RollupOutput;
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the entry chunk a listed part with its own messages only, in both languages', async () => {
    const entry = chunk('index');
    const listed = entry.code.indexOf('(globalThis.__pipsCatalogParts ||= []).push(');
    expect(listed).toBeGreaterThanOrEqual(0);
    expect(entry.code.indexOf('console.log')).toBeGreaterThan(listed);
    expect(entry.code).not.toContain('__pipsLoadCatalogPart');
    const urls = urlsIn(entry.code);
    expect(await partMessages(urls.en)).toEqual({ 'pages.login.title': ['Log in'] });
    expect(await partMessages(urls.es)).toEqual({ 'pages.login.title': ['Iniciar sesión'] });
  });

  it('makes a lazily loaded chunk await its own part', async () => {
    const home = chunk('home');
    const awaited = home.code.indexOf('await globalThis.__pipsLoadCatalogPart(p)');
    expect(awaited).toBeGreaterThanOrEqual(0);
    expect(home.code.indexOf('var title')).toBeGreaterThan(awaited);
    const urls = urlsIn(home.code);
    expect(await partMessages(urls.es)).toEqual({ 'pages.home.tiles.triviaText': ['Una pregunta al día y concursos por equipos'] });
  });

  it('preloads the first load part of each language in its shell', () => {
    const entryUrls = urlsIn(chunk('index').code);
    expect(String(asset('index.html')!.source)).toContain(`<link rel="modulepreload" crossorigin href="${entryUrls.en}">`);
    expect(String(asset(SPANISH_SHELL)!.source)).toContain(`<link rel="modulepreload" crossorigin href="${entryUrls.es}">`);
  });

  it('gives each shell its language', () => {
    expect(String(asset('index.html')!.source)).toMatch(/<html lang="en">/);
    expect(String(asset(SPANISH_SHELL)!.source)).toMatch(/<html lang="es">/);
  });

  it('leaves out the whole catalog', () => {
    expect(output.output.map((f) => f.fileName).filter((name) => name.endsWith('.po'))).toEqual([]);
    expect(output.output.filter((f) => f.fileName.startsWith('assets/messages-'))).toHaveLength(4);
  });
});
