import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/**
 * The flags the tests' Chromium runs with: in a container (no sandbox), with no GPU, and with no
 * way out to the internet, so nothing is fetched behind the page's back (no QUIC, no background
 * networking, component updates, sync or first-run pages). Always the installed browser, never a
 * downloaded one.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ...options,
    args: [...chromiumArgs, ...(options.args ?? [])],
  });
}
