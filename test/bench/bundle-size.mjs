// Prints the gzip size of what a first visit to /login downloads: the entry and its static
// imports, the Login screen chunk and its static imports, the English catalog, and the CSS.
// Usage: npm run build && node test/bench/bundle-size.mjs [dist]
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const assets = join(dir, 'assets');
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)[1];
const seen = new Set();

function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const src = readFileSync(join(assets, file), 'utf8');
  for (const m of src.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
}

visit(entry);
for (const name of ['LoginScreen', 'messages']) {
  const file = readdirSync(assets).find((f) => f.startsWith(`${name}-`) && f.endsWith('.js') && (name !== 'messages' || readFileSync(join(assets, f), 'utf8').includes('Log in')));
  if (file) visit(file);
}

const gz = (f) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
for (const f of [...seen].sort()) {
  const g = gz(f);
  total += g;
  console.log(`${f.padEnd(44)} ${kb(g)}`);
}
console.log(`first visit to /login, JS gzip: ${kb(total)}`);
const css = readdirSync(assets).filter((f) => f.endsWith('.css'));
console.log(`CSS gzip: ${kb(css.reduce((n, f) => n + gz(f), 0))} (${css.join(', ')})`);
