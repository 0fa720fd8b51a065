import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const axeScript = fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url));

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** The impacts that fail a test (issue 3: no serious or critical violation on any screen). */
const failing = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it is now and returns its violations (every impact). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, not added as an inline <script>: the server's
  // Content-Security-Policy (script-src 'self') rightly refuses inline scripts in the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axeScript, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  });
}

/** Fails, with a readable list, when axe finds a serious or critical violation on the page. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = (await axeViolations(page)).filter((v) => v.impact && failing.has(v.impact));
  if (violations.length === 0) return;
  const report = violations
    .map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.html}\n      ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
  throw new Error(`axe found ${violations.length} serious/critical violation(s) on ${screen} (${page.url()}):\n${report}`);
}
