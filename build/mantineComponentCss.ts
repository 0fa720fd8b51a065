import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const coreDir = resolve('node_modules/@mantine/core');
const componentsDir = join(coreDir, 'esm/components');
/** Shared parts some components are built on (InlineInput under Switch, Checkbox and Radio). */
const utilsDir = join(coreDir, 'esm/utils');
const stylesDir = join(coreDir, 'styles');

/** Every component module of @mantine/core by the name it is exported under (its file name). */
function indexComponents(): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.mjs') && !name.endsWith('.module.mjs')) index.set(name.slice(0, -4), path);
    }
  };
  walk(componentsDir);
  return index;
}

/**
 * The stylesheets one Mantine module needs, dependencies first: the CSS of its own component
 * folder and of every component it imports (Button needs UnstyledButton and Loader...).
 */
function stylesheetsOf(file: string, seen: Set<string>, out: string[]): void {
  if (seen.has(file)) return;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^import [^;]*?from "(\.{1,2}\/[^"]+\.mjs)";$/gm)) {
    const target = resolve(dirname(file), specifier);
    if ((target.startsWith(componentsDir) || target.startsWith(utilsDir)) && !target.endsWith('.module.mjs')) stylesheetsOf(target, seen, out);
  }
  const base = file.startsWith(utilsDir) ? utilsDir : componentsDir;
  const folder = file.slice(base.length + 1).split(/[\\/]/)[0];
  const css = `@mantine/core/styles/${folder}.layer.css`;
  if (existsSync(join(stylesDir, `${folder}.layer.css`)) && !out.includes(css)) out.push(css);
}

/**
 * Per-component Mantine CSS (Mantine's "import styles per component"): each source file that
 * imports components from `@mantine/core` gets the `.layer.css` of those components and of the
 * components they are built on, so a screen's chunk carries only the CSS it renders and
 * `@mantine/core/styles.css` (every component) is never loaded. The layered files keep Mantine
 * under the app's own CSS whatever order the chunks arrive in. The global styles
 * (baseline, variables, global) are imported once by `main.tsx`.
 */
export function mantineComponentCss(): Plugin {
  let components: Map<string, string> | undefined;
  const cache = new Map<string, string[]>();
  return {
    name: 'pips-mantine-component-css',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.(tsx?|jsx?)$/.test(id.split('?')[0])) return null;
      const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)].flatMap(([, list]) => list.split(','));
      // the toast container renders core's Notification (with its close button and loader)
      if (/from\s*['"]@mantine\/notifications['"]/.test(code) && /\bNotifications\b/.test(code)) names.push('Notification');
      if (names.length === 0) return null;
      components ??= indexComponents();
      const sheets: string[] = [];
      for (const raw of names) {
        const name = raw.trim().split(/\s+as\s+/)[0];
        const file = components.get(name);
        if (!name || raw.trim().startsWith('type ') || !file) continue;
        if (!cache.has(name)) {
          const out: string[] = [];
          stylesheetsOf(file, new Set(), out);
          cache.set(name, out);
        }
        for (const sheet of cache.get(name)!) if (!sheets.includes(sheet)) sheets.push(sheet);
      }
      if (sheets.length === 0) return null;
      // on the first line, so the lines of the module stay where they were
      return { code: sheets.map((sheet) => `import '${sheet}';`).join('') + code, map: null };
    },
  };
}
