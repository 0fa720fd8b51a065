// @vitest-environment node
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { prerenderedFile, prerenderedPage, prerenderedRoutes, shellStylesheets } from '../../../build/prerender/page';
import { screenFiles } from '../../../build/prerender/plugin';

/** The shape of the built index.html (see dist/index.html). */
const shell = `<!doctype html>
<html lang="es">
  <head>
    <title>pips</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-b.js">
    <link rel="preload" as="style" data-app-stylesheet crossorigin href="/assets/app-c.css">
  </head>
  <body>
    <div id="splash" aria-hidden="true">
      <svg viewBox="0 0 64 64"><rect x="2" y="2" width="60" height="60" rx="14" fill="#4263eb"/></svg>
    </div>
    <div id="root"></div>
    <noscript>pips needs JavaScript to run.</noscript>
  </body>
</html>
`;

const parts = {
  markup: '<main><h1>Iniciar sesión</h1></main>',
  htmlAttributes: { 'data-mantine-color-scheme': 'light' },
  css: 'h1{font-size:2rem}',
  stylesheets: ['/assets/LoginScreen-d.css'],
  scripts: ['/assets/LoginScreen-e.js'],
};

describe('prerenderedPage', () => {
  const page = prerenderedPage(shell, parts);

  it('puts the screen in #root, inert and marked for main.tsx, and drops the splash', () => {
    expect(page).toContain('<div id="root"><div data-prerendered inert><main><h1>Iniciar sesión</h1></main></div></div>');
    // and holds the first paint until all of it is parsed
    expect(page).toContain('<link rel="expect" href="#prerendered-end" blocking="render">');
    expect(page.indexOf('id="prerendered-end"')).toBeGreaterThan(page.indexOf('Iniciar sesión'));
    expect(page).not.toContain('splash');
    expect(page).toContain('<noscript>');
  });

  it('styles the screen with inline CSS, no stylesheet to wait for; the app’s stay preloaded and the screen’s come with its scripts', () => {
    expect(page).toContain('<style data-prerendered-css>h1{font-size:2rem}</style>');
    expect(page.indexOf('data-prerendered-css')).toBeLessThan(page.indexOf('</head>'));
    expect(page).not.toMatch(/rel="stylesheet"/);
    expect(page).toContain('<link rel="preload" as="style" data-app-stylesheet crossorigin href="/assets/app-c.css">');
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/LoginScreen-d.css">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginScreen-e.js">');
  });

  it('refuses CSS that would close its <style>', () => {
    expect(() => prerenderedPage(shell, { ...parts, css: 'a{}</style><script>' })).toThrow(/closes/);
  });

  it('keeps the shell’s language and adds what the app sets on <html>', () => {
    expect(page).toContain('<html lang="es" data-mantine-color-scheme="light">');
  });

  it('escapes an attribute value', () => {
    expect(prerenderedPage(shell, { ...parts, htmlAttributes: { 'data-x': 'a"b&c' } })).toContain('data-x="a&quot;b&amp;c"');
  });

  it('refuses a shell without an empty #root', () => {
    expect(() => prerenderedPage(shell.replace('<div id="root"></div>', '<div id="app"></div>'), parts)).toThrow(/#root/);
  });
});

describe('shellStylesheets', () => {
  it('lists the stylesheets the shell preloads for the app', () => {
    expect(shellStylesheets(shell)).toEqual(['/assets/app-c.css']);
  });
});

describe('prerenderedFile', () => {
  it('names English the plain page and another language by its code', () => {
    expect(prerenderedFile('/login', 'en')).toBe('prerendered/login.html');
    expect(prerenderedFile('/login', 'es')).toBe('prerendered/login.es.html');
  });

  it('prerenders the first-visit screens every visitor sees alike', () => {
    expect(prerenderedRoutes.map(({ path }) => path)).toEqual(['/login', '/welcome']);
  });
});

describe('screenFiles', () => {
  const chunk = (fileName: string, imports: string[], css: string[], extra: object = {}) => ({
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(css) },
    ...extra,
  });
  const bundle = {
    a: chunk('assets/index.js', ['assets/app.js'], [], { isEntry: true }),
    b: chunk('assets/app.js', ['assets/runtime.js'], ['assets/app.css']),
    c: chunk('assets/runtime.js', [], []),
    d: chunk('assets/LoginScreen.js', ['assets/Input.js', 'assets/app.js', 'assets/runtime.js'], ['assets/LoginScreen.css'], {
      facadeModuleId: '/work/pips/src/screens/LoginScreen.tsx',
    }),
    e: chunk('assets/Input.js', ['assets/app.js'], ['assets/Input.css']),
    f: { type: 'asset', fileName: 'assets/app.css' },
  } as unknown as OutputBundle;

  it('lists the screen’s chunk and its imports with their stylesheets, not what the first load already has', () => {
    expect(screenFiles(bundle, 'src/screens/LoginScreen.tsx', '/')).toEqual({
      scripts: ['/assets/LoginScreen.js', '/assets/Input.js'],
      stylesheets: ['/assets/LoginScreen.css', '/assets/Input.css'],
    });
  });

  it('fails the build for a screen without a chunk', () => {
    expect(() => screenFiles(bundle, 'src/screens/Gone.tsx', '/')).toThrow(/no chunk/);
  });
});
