// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountRequestIds } from '../../../machines/app.root';
import { accountRequestScreens } from '../../../src/routing/screens';

const root = resolve(__dirname, '../../..');
const screensFile = resolve(root, 'src/routing/screens.tsx');

/** Each screen key of `loaders` in src/routing/screens.tsx, with the file its import names. */
function screenFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, key, path] of readFileSync(screensFile, 'utf8').matchAll(/^\s+(\w+): \(\) => import\('([^']+)'\),$/gm)) {
    files.set(key, resolveModule(dirname(screensFile), path)!);
  }
  return files;
}

function resolveModule(from: string, path: string): string | null {
  const base = resolve(from, path);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

/** The account requests a screen's own code (its module and the screens' and components' modules it imports) sends. */
function requestsOf(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, id] of code.matchAll(/useSubmission(?:<[^>]*>)?\(\s*'(\w+)'/g)) {
    if ((accountRequestIds as readonly string[]).includes(id)) found.add(id);
  }
  for (const [, path] of code.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const imported = resolveModule(dirname(file), path);
    if (imported && /[\\/]src[\\/](screens|components|forms|oidc)[\\/]/.test(imported)) {
      for (const id of requestsOf(imported, seen)) found.add(id);
    }
  }
  return found;
}

describe('accountRequestScreens', () => {
  const files = screenFiles();

  it('reads every screen of the route table', () => {
    expect(files.size).toBeGreaterThan(25);
    expect(files.get('Login')).toMatch(/LoginScreen\.tsx$/);
  });

  it('names exactly the screens whose code sends an account request (their module comes with the screen)', () => {
    const sending = [...files].filter(([, file]) => requestsOf(file).size > 0).map(([key]) => key);
    expect(sending.sort()).toEqual([...accountRequestScreens].sort());
  });
});
