import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { startProduct, type ProductPlace, type RunningProduct } from './serverProcess';
import { startSmtpSink } from './smtpSink';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export interface Stack {
  sink: SmtpSink;
  product: RunningProduct;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * What most journeys run on: an SMTP sink, the product (as `npm start` runs it) sending its mail
 * there, and Chromium. `env` adds to or overrides the product's environment; `place` is a
 * reserved data folder the operator CLI has already prepared.
 */
export async function startStack(env: Record<string, string> = {}, place?: ProductPlace): Promise<Stack> {
  const sink = await startSmtpSink();
  const product = await startProduct({ SMTP_URL: sink.url, ...env }, place);
  const browser = await launchChromium();
  return {
    sink,
    product,
    browser,
    async stop() {
      await browser.close();
      await product.stop();
      await sink.close();
    },
  };
}
