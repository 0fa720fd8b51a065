import { createElement } from 'preact';

/**
 * What the production build imports as `react` (vite.config.ts aliases it here): Preact's
 * React-compatible layer, plus `Activity`, which Mantine uses for `keepMounted` transitions,
 * collapses and tab panels and preact/compat lacks. Hidden, the children stay mounted (their
 * state kept) inside a `display: none` wrapper; visible, the wrapper is `display: contents`, so
 * it takes no part in the layout. Plain JavaScript: preact/compat's types are `export =`, which
 * TypeScript will not re-export with `export *`.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/** @param {{ mode?: 'visible' | 'hidden', children?: import('preact').ComponentChildren }} props */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
