import type { Plugin } from 'vite';

/**
 * The entry's stylesheet must not block the first paint (the splash, styled inline, paints at
 * once): index.html preloads it (`rel="preload" as="style"`, fetched in parallel with the
 * scripts) and `main.tsx` turns it into a stylesheet and waits for it before rendering the app
 * (`applyStylesheets`), so the app never shows unstyled.
 */
export function nonBlockingStylesheets(): Plugin {
  return {
    name: 'pips-non-blocking-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(/<link rel="stylesheet"([^>]*?)>/g, '<link rel="preload" as="style" data-app-stylesheet$1>');
      },
    },
  };
}
