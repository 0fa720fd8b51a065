import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README stays the front door (a short page) and every relative link of the documentation
 * (README.md and docs/*.md) leads to a file of the repository, and to a heading that exists when
 * it names one.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README_MAX_LINES = 260;

const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The text without fenced code blocks and inline code, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link target: markdown links and images, and the src / href of HTML tags. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const markdownLinks = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const htmlLinks = [...text.matchAll(/<(?:a|img)\b[^>]*?\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
  return [...markdownLinks, ...htmlLinks];
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The problems of one document's links: a missing file, a path outside the repository, an unknown heading. */
function brokenLinks(document: string, markdown = readFileSync(join(root, document), 'utf8')): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (external(target)) continue;
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const path = decodeURIComponent(pathPart.split('?')[0]);
    const file = path === '' ? join(root, document) : resolve(root, dirname(document), path);
    const text = (where: string) => (where === join(root, document) ? markdown : readFileSync(where, 'utf8'));
    if (relative(root, file).startsWith('..') || path.startsWith('/')) {
      problems.push(`${document}: ${target} leaves the repository`);
      continue;
    }
    if (path !== '' && !existsSync(file)) {
      problems.push(`${document}: ${target} does not exist`);
      continue;
    }
    if (anchor && file.endsWith('.md') && (path === '' || statSync(file).isFile()) && !anchorsOf(text(file)).has(anchor)) {
      problems.push(`${document}: ${target} names no heading of ${relative(root, file)}`);
    }
  }
  return problems;
}

describe('the documentation', () => {
  it(`keeps README.md at ${README_MAX_LINES} lines or fewer`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('has the documents the README points to', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/features.md', 'docs/operating.md', 'docs/architecture.md', 'docs/testing.md']));
  });

  it.each(documents)('%s: every relative link leads to a file (and heading) of the repository', (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });
});

describe('the link reader', () => {
  it('finds markdown links, images and HTML src / href, not what is in code', () => {
    const text = [
      'See [the guide](docs/guide.md#start) and ![a picture](docs/images/a.png).',
      '<img src="docs/images/b.png" alt=""> <a href="LICENSE">licence</a>',
      '`[not](a-link.md)` and',
      '```',
      '[nor](this.md)',
      '```',
      '[outside](https://example.org)',
    ].join('\n');
    expect(linkTargets(text)).toEqual(['docs/guide.md#start', 'docs/images/a.png', 'https://example.org', 'docs/images/b.png', 'LICENSE']);
  });

  it('makes the anchors GitHub makes', () => {
    expect(slug('How `npm test` runs them')).toBe('how-npm-test-runs-them');
    expect(slug('Redeem, My Rewards, Activity')).toBe('redeem-my-rewards-activity');
    expect(slug('The operator API (`/admin`)')).toBe('the-operator-api-admin');
  });

  it('reports a missing file, a path outside the repository and an unknown heading', () => {
    const markdown = [
      '# Here',
      '[ok](features.md#offline) [ok too](#here) [ok as well](../README.md)',
      '[gone](no-such-file.md) [out](../../elsewhere/notes.md) [no heading](features.md#no-such-heading) [nor here](#nowhere)',
    ].join('\n');
    expect(brokenLinks('docs/example.md', markdown)).toEqual([
      'docs/example.md: no-such-file.md does not exist',
      'docs/example.md: ../../elsewhere/notes.md leaves the repository',
      'docs/example.md: features.md#no-such-heading names no heading of docs/features.md',
      'docs/example.md: #nowhere names no heading of docs/example.md',
    ]);
  });
});
