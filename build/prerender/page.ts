/** A page the build prerenders: its path, and the module of the screen it shows. */
export interface PrerenderedRoute {
  path: string;
  screen: string;
}

/**
 * The public screens a first visit opens on (issue 12: "the public screens may be prerendered"):
 * their HTML shows the screen at once instead of the splash while the app's script loads. Only
 * screens every visitor sees alike: /signup is left out, because a visitor who has scanned their
 * community's code sees its form, and the page would say to scan one until the app replaced it.
 */
export const prerenderedRoutes: readonly PrerenderedRoute[] = [
  { path: '/login', screen: 'src/screens/LoginScreen.tsx' },
  { path: '/welcome', screen: 'src/screens/WelcomeScreen.tsx' },
];

/** Where a route's page is written under the build's folder, per shell language. */
export function prerenderedFile(path: string, language: string): string {
  return `prerendered${path}${language === 'en' ? '' : `.${language}`}.html`;
}

/**
 * The list of the pages written, under the build's folder: the server reads it to know which page
 * to send for which path and language (server/plugins/external/static.ts), so the pages' names are
 * known here only.
 */
export const PRERENDERED_INDEX = 'prerendered/pages.json';

/** What `PRERENDERED_INDEX` holds: per path, per language, the page's file under the build's folder. */
export type PrerenderedIndex = Record<string, Record<string, string>>;

export interface PageParts {
  /** The markup the app renders into #root for this route. */
  markup: string;
  /** The attributes the app sets on <html> (Mantine's color scheme). */
  htmlAttributes: Readonly<Record<string, string>>;
  /** The CSS the screen is styled with (the shell's stylesheets and the screen chunk's), to inline. */
  css: string;
  /** The screen chunk's stylesheets (hrefs): preloaded, its chunk applies them. */
  stylesheets: readonly string[];
  /** The screen chunk's scripts (hrefs), fetched with the shell's. */
  scripts: readonly string[];
}

/** The stylesheets a shell links (hrefs): the app's, preloaded and applied by `main.tsx`. */
export function shellStylesheets(shell: string): string[] {
  return [...shell.matchAll(/<link rel="preload" as="style" data-app-stylesheet[^>]*\bhref="([^"]+)"/g)].map(([, href]) => href);
}

/**
 * A prerendered page from its language's shell (index.html, index.es.html):
 * - #root holds the screen's markup, `inert` (nothing can be typed into a form the app is about
 *   to replace) and marked `data-prerendered` for `main.tsx`, which swaps it for the app once the
 *   app shows its screen;
 * - <html> carries the attributes the app sets on it (Mantine's stylesheets select on its color
 *   scheme);
 * - no splash (the page itself paints at once), and no paint before the markup is parsed whole;
 * - the screen's CSS inline in the head (`data-prerendered-css`; run.ts keeps only the rules the
 *   markup uses), so the page paints styled as soon as it arrives, with no stylesheet to wait for:
 *   the shell's own stay preloaded for the app (`main.tsx` applies them), and the screen chunk's
 *   are preloaded with its scripts.
 */
export function prerenderedPage(shell: string, { markup, htmlAttributes, css, stylesheets, scripts }: PageParts): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('prerender: the shell has no empty #root');
  if (css.includes('</style')) throw new Error('prerender: the CSS closes its <style>');
  const head =
    // The first paint waits until the markup is parsed whole (Chromium; the marker follows it):
    // a frame of part of it (the top bar's language switch 6 px wide, the footer without its
    // last word) and then the rest was a layout shift.
    '<link rel="expect" href="#prerendered-end" blocking="render">' +
    `<style data-prerendered-css>${css}</style>` +
    stylesheets.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`).join('') +
    scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  const attributes = Object.entries(htmlAttributes)
    .map(([name, value]) => ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`)
    .join('');
  return shell
    .replace(/<html([^>]*)>/, `<html$1${attributes}>`)
    .replace('</head>', `${head}</head>`)
    .replace(/\s*<div id="splash"[\s\S]*?<\/svg>\s*<\/div>/, '')
    .replace(root, `<div id="root"><div data-prerendered inert>${markup}</div></div><i id="prerendered-end" hidden></i>`);
}
