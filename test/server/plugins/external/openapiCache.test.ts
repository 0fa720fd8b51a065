import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';

/** A fresh import of the module, as a new server process has it (its in-memory cache empty). */
async function freshLoader() {
  vi.resetModules();
  return (await import('../../../../server/plugins/external/openapi')).loadSpecification;
}

describe("openapi.yaml's parsed copy between processes", () => {
  let dir: string;
  let yamlPath: string;
  let cacheDir: string;
  const contract = (title: string) => `openapi: 3.1.0\ninfo:\n  title: ${title}\n  version: '1'\npaths: {}\n`;
  const cacheFiles = () => (existsSync(cacheDir) ? readdirSync(cacheDir) : []);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pips-openapi-cache-'));
    yamlPath = join(dir, 'openapi.yaml');
    cacheDir = join(dir, 'cache');
    writeFileSync(yamlPath, contract('pips'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the parsed contract as JSON named by its text, and a later process reads that instead of the YAML', async () => {
    const first = (await freshLoader())(yamlPath, cacheDir);
    expect(first).toEqual(parseYaml(contract('pips')));
    const [file] = cacheFiles();
    expect(file).toMatch(/^[0-9a-f]{64}\.json$/);
    expect(JSON.parse(readFileSync(join(cacheDir, file), 'utf8'))).toEqual(first);

    // What the next process gets comes from the kept copy (changed here to tell them apart).
    writeFileSync(join(cacheDir, file), JSON.stringify({ ...first, info: { title: 'from the cache', version: '1' } }));
    expect(((await freshLoader())(yamlPath, cacheDir).info as { title: string }).title).toBe('from the cache');
  });

  it('parses a changed contract again and drops the copy of the old one', async () => {
    (await freshLoader())(yamlPath, cacheDir);
    const [old] = cacheFiles();
    writeFileSync(yamlPath, contract('pips changed'));
    const spec = (await freshLoader())(yamlPath, cacheDir);
    expect((spec.info as { title: string }).title).toBe('pips changed');
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()).not.toContain(old);
  });

  it('parses the YAML when the kept copy is damaged, and writes it again', async () => {
    (await freshLoader())(yamlPath, cacheDir);
    const [file] = cacheFiles();
    writeFileSync(join(cacheDir, file), '{"openapi": "3.1.0", "info": {');
    const spec = (await freshLoader())(yamlPath, cacheDir);
    expect(spec).toEqual(parseYaml(contract('pips')));
    expect(JSON.parse(readFileSync(join(cacheDir, file), 'utf8'))).toEqual(spec);
  });

  it('keeps no copy of a contract JSON cannot hold as parsed', async () => {
    writeFileSync(yamlPath, `${contract('pips')}x-limit: .inf\n`);
    const spec = (await freshLoader())(yamlPath, cacheDir);
    expect(spec['x-limit']).toBe(Infinity);
    expect(cacheFiles()).toEqual([]);
    expect((await freshLoader())(yamlPath, cacheDir)['x-limit']).toBe(Infinity);
  });

  it('still reads the contract when no copy can be written', async () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const spec = (await freshLoader())(yamlPath, join(blocked, 'cache'));
    expect(spec).toEqual(parseYaml(contract('pips')));
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'openapi.yaml']);
  });
});
