/**
 * `npm run bench:static`: what the server's CPU pays to send the built PWA's files, the bulk of a
 * first visit and of the service worker's precache (every file of the build's precache list, as
 * a new member's browser fetches them when the app is installed). The product starts as `npm
 * start` runs it (the built PWA in dist/, a fresh PGlite folder); one client on loopback fetches
 * every script and stylesheet of dist/assets over keep-alive, brotli accepted, ROUNDS times (after
 * one round to warm up), then GET /login as many times: the reference of the same run (the
 * prerendered page, a file the server's own route picks and sends without looking at folders). Printed: CPU milliseconds of the server process per file and per
 * reference call (utime + stime from /proc/<pid>/stat, steady on a shared machine), and their
 * ratio. Linux only (/proc).
 *
 * Usage: npm run build && npm run bench:static      (STATIC_ROUNDS=5 to change the rounds)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startProduct } from '../e2e/support/serverProcess';
import { cpuTicks, ticksPerSecond } from './procCpu';

const ROUNDS = Number(process.env.STATIC_ROUNDS ?? 5);

/** The CPU milliseconds (user and system) the process `pid` has used so far. */
function cpuMs(pid: number): number {
  const ticks = cpuTicks(pid);
  if (ticks === undefined) throw new Error(`cannot read the CPU time of process ${pid}`);
  return (ticks / ticksPerSecond) * 1000;
}

/** The server process listening on `port` (the product runs as `node --import tsx server/main.ts`). */
function serverPid(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('server/main.ts') && environ.split('\0').includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // a process that ended meanwhile, or not ours
    }
  }
  throw new Error(`no server process found for port ${port}`);
}

async function fetchAll(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    bytes += (await response.arrayBuffer()).byteLength;
  }
  return bytes;
}

const assets = readdirSync('dist/assets').filter((name) => /\.(js|css)$/.test(name));
if (assets.length === 0) throw new Error('dist/assets has no scripts: run npm run build first');
const product = await startProduct();
try {
  const port = Number(new URL(product.url).port);
  const pid = serverPid(port);
  const files = assets.map((name) => `${product.url}/assets/${name}`);
  await fetchAll(files);
  const reference = Array.from({ length: files.length }, () => `${product.url}/login`);
  await fetchAll(reference);

  let before = cpuMs(pid);
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) bytes += await fetchAll(files);
  const perFile = (cpuMs(pid) - before) / (ROUNDS * files.length);
  before = cpuMs(pid);
  for (let round = 0; round < ROUNDS; round++) await fetchAll(reference);
  const perReference = (cpuMs(pid) - before) / (ROUNDS * reference.length);

  console.log(`\nThe built PWA's files as the server sends them (${files.length} scripts and stylesheets, brotli, ${ROUNDS} rounds, ${(bytes / ROUNDS / 1024).toFixed(0)} KB a round):\n`);
  console.log('| request | server CPU ms per request |');
  console.log('|:--|--:|');
  console.log(`| a file of dist/assets | ${perFile.toFixed(2)} |`);
  console.log(`| GET /login, the prerendered page (reference) | ${perReference.toFixed(2)} |`);
  console.log(`\nA file costs ${(perFile / perReference).toFixed(2)}x the reference call.`);
} finally {
  await product.stop();
}
