// `npm run check:contract`: lists each call the app makes (scripts/spec-calls.txt) that
// openapi.yaml does not describe; exit 1 if any is missing. The unit suite checks the same.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const norm = (path) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
const wanted = readFileSync(`${root}scripts/spec-calls.txt`, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [method, path] = line.split(/\s+/);
    return `${method.toUpperCase()} ${norm(path)}`;
  });
const doc = parse(readFileSync(`${root}openapi.yaml`, 'utf8'));
const have = new Set(
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item).filter((key) => /^(get|put|post|delete|patch)$/.test(key)).map((method) => `${method.toUpperCase()} ${norm(path)}`),
  ),
);
const missing = wanted.filter((call) => !have.has(call));
for (const call of missing) console.log(`missing from openapi.yaml: ${call}`);
console.log(`${wanted.length - missing.length}/${wanted.length} calls the app makes described in openapi.yaml`);
process.exit(missing.length ? 1 : 0);
