/**
 * `npm run bench:lighthouse`: Lighthouse (mobile settings and network throttling) on /login,
 * /welcome and /home of the production build served by the real server, in Debian's Chromium.
 *
 * The CPU slowdown is calibrated to the host, as Lighthouse's docs/throttling.md prescribes: its
 * default 4x "moves a typical run in the high-end desktop bracket [BenchmarkIndex 1500-2000]
 * somewhere into the mid-tier mobile bracket", so on a slower host 4x emulates a slower phone
 * than the one meant (this shared machine has measured 1050-1160, a low-end desktop, and the same
 * build scored 20-25 points lower there than on a faster day). The bench measures the host's
 * BenchmarkIndex with Lighthouse's own page function and slows the CPU by index / 437.5 (4x at
 * 1750, the middle of the high-end desktop bracket), so every host emulates the same phone;
 * `LIGHTHOUSE_CPU=4` forces a multiplier (Lighthouse's default) instead. The index, the
 * multiplier and each report's own index are printed with the figures.
 * Each route is audited three times in a fresh browser profile; the median of each category is
 * printed with LCP and TBT. /home is audited signed in: the member's token is put in the
 * origin's storage from a page that loads no script (/robots.txt) and Lighthouse keeps it.
 * Fails when a median is under its target (issue 12: Performance 90, the others 100). Last, the
 * reference of the same run, at the same slowdown: the design card's stack alone, a bare sign-in
 * page (test/bench/floor) served by the same server, audited as /login is (its row is printed
 * for comparison and has no target).
 *
 * Usage: npm run build && npm run bench:lighthouse
 * `LIGHTHOUSE_ROUTES=/home` audits only the routes listed; `LIGHTHOUSE_REPORT_DIR=dir` keeps each
 * run's full report there as JSON (the main-thread breakdown, the long tasks, LCP's element);
 * `LIGHTHOUSE_NO_REFERENCE=1` leaves the reference out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { createMember } from '../e2e/support/accounts';
import { startStack } from '../e2e/support/stack';
import { startFloor } from './floor/serve';

const RUNS = 3;
const targets = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof targets;
const categories = Object.keys(targets) as Category[];

interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
}

/** Lighthouse's default multiplier is meant for this BenchmarkIndex (see the comment above). */
const REFERENCE_INDEX = 1750;
const DEFAULT_MULTIPLIER = throttling.mobileSlow4G.cpuSlowdownMultiplier;

const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const onlyRoutes = process.env.LIGHTHOUSE_ROUTES?.split(',').map((r) => r.trim());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url: string, storage?: { origin: string; items: Record<string, string> }, reportName?: string): Promise<Run | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (storage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${storage.origin}/robots.txt`);
      await page.evaluate((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), storage.items);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      formFactor: 'mobile',
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      disableStorageReset: Boolean(storage),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      console.error(`Lighthouse on ${url}: ${lhr.runtimeError.code}, run again`);
      return null;
    }
    if (reportDir && reportName) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

const stack = await startStack({ RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60' });
let cpuSlowdownMultiplier = DEFAULT_MULTIPLIER;
try {
  // The host's BenchmarkIndex, as Lighthouse computes it at the start of each run (median of 5).
  const probe = await stack.browser.newPage();
  const indexes: number[] = [];
  for (let i = 0; i < 5; i++) indexes.push(await probe.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  await probe.close();
  const hostIndex = median(indexes);
  cpuSlowdownMultiplier = process.env.LIGHTHOUSE_CPU
    ? Number(process.env.LIGHTHOUSE_CPU)
    : Math.max(1, Math.round((hostIndex / REFERENCE_INDEX) * DEFAULT_MULTIPLIER * 10) / 10);
  console.log(
    `Host BenchmarkIndex ${Math.round(hostIndex)} (runs ${indexes.map(Math.round).join(', ')}): CPU slowdown ${cpuSlowdownMultiplier}x` +
      (process.env.LIGHTHOUSE_CPU ? ' (LIGHTHOUSE_CPU)' : ` (${DEFAULT_MULTIPLIER}x at ${REFERENCE_INDEX})`),
  );

  const member = await createMember(stack.product, stack.sink, { label: 'lighthouse', firstName: 'Ada' });
  const signedIn = {
    origin: stack.product.url,
    items: {
      authToken: member.authToken,
      userId: String(member.userId),
      email: member.email,
      isVerified: 'true',
      rememberMe: 'true',
    },
  };
  const routes = [
    { route: '/login', storage: undefined },
    { route: '/welcome', storage: undefined },
    { route: '/home', storage: signedIn },
  ].filter(({ route }) => !onlyRoutes || onlyRoutes.includes(route));
  let failed = false;
  console.log(`\nLighthouse ${RUNS} runs per route, mobile, median:\n`);
  console.log('| route | Performance | Accessibility | Best Practices | SEO | LCP (s) | TBT (ms) | CLS | report BenchmarkIndex |');
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|--:|');
  /** Audits `url` RUNS times, prints the medians as a row named `label`; returns them. */
  const auditRow = async (label: string, url: string, storage: typeof signedIn | undefined, reportPrefix: string) => {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is made again.
      let run: Run | null = null;
      for (let attempt = 0; !run && attempt < 3; attempt++) run = await audit(url, storage, `${reportPrefix}-${i + 1}`);
      if (!run) throw new Error(`Lighthouse could not audit ${label}`);
      runs.push(run);
    }
    const m = Object.fromEntries(categories.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number>;
    const lcp = median(runs.map((r) => r.lcpMs));
    const tbt = median(runs.map((r) => r.tbtMs));
    const cls = median(runs.map((r) => r.cls));
    const index = median(runs.map((r) => r.benchmarkIndex));
    console.log(
      `| ${label} | ${m.performance} | ${m.accessibility} | ${m['best-practices']} | ${m.seo} | ${(lcp / 1000).toFixed(1)} | ${Math.round(tbt)} | ${cls.toFixed(3)} | ${Math.round(index)} |`,
    );
    return m;
  };
  for (const { route, storage } of routes) {
    const m = await auditRow(route, `${stack.product.url}${route}`, storage, route.slice(1));
    for (const c of categories) if (m[c] < targets[c]) failed = true;
  }
  if (!process.env.LIGHTHOUSE_NO_REFERENCE) {
    const reference = await startFloor({ SMTP_URL: stack.sink.url });
    try {
      await auditRow('reference: the stack alone', `${reference.url}/login`, undefined, 'reference');
    } finally {
      await reference.stop();
    }
  }
  console.log(`\nCPU slowdown ${cpuSlowdownMultiplier}x. Targets: Performance ≥ ${targets.performance}, Accessibility, Best Practices and SEO ${targets.seo}: ${failed ? 'NOT MET' : 'met'}`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await stack.stop();
}
