import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** The flags this machine's closed network needs; never a downloaded browser. */
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
