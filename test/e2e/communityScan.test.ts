import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDateOfBirth } from './support/accounts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { launchChromium } from './support/browser';
import { fakeCameraArgs, writeFakeCameraVideo, writeQrPng } from './support/fakeCamera';
import { settle, viewports } from './support/screens';
import { startProduct, type RunningProduct } from './support/serverProcess';
import { startSmtpSink } from './support/smtpSink';

/**
 * The community QR scan in real Chromium against the product: Chromium's fake camera films a
 * y4m video of a real QR code (the demo community's join link, as the server printed it), the
 * page decodes it with jsQR, and the member signs up, verifies with the mailed code and lands
 * home. Also: a QR code that is not a community code, the photo fallback on a device without a
 * camera, and the screenshots of the scan screen.
 */
const shots = 'artifacts/screenshots/communityScan';

interface CameraLog {
  __cameras: { constraints: MediaStreamConstraints; stream: MediaStream }[];
}

/** Page script: keeps every getUserMedia request and the stream it gave. */
function recordCameras() {
  const log = window as unknown as CameraLog;
  log.__cameras = [];
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    log.__cameras.push({ constraints: constraints ?? {}, stream });
    return stream;
  };
}
const locales = ['en', 'es'] as const;
type Locale = (typeof locales)[number];

describe('community QR scan in Chromium', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let product: RunningProduct;
  let dir: string;
  const videos = { community: '', other: '', empty: '' };
  let photo = '';
  const browsers: Browser[] = [];

  /** A browser whose camera films `video` (null: a device without any camera). */
  async function browserFilming(video: string | null): Promise<Browser> {
    const browser = await launchChromium({ args: video ? fakeCameraArgs(video) : ['--use-fake-ui-for-media-stream'] });
    browsers.push(browser);
    return browser;
  }

  /** A page in `locale` at the phone size (the language is chosen the way the switch stores it). */
  async function openPage(browser: Browser, locale: Locale = 'en'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: viewports.phone, locale: locale === 'es' ? 'es-ES' : 'en-US' });
    await context.addInitScript((language) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', language);
    }, locale);
    return { context, page: await context.newPage() };
  }

  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

  /** Both sizes of the scan screen as it is now, for a reviewer. */
  async function capture(page: Page, name: string, locale: Locale) {
    mkdirSync(join(shots, locale), { recursive: true });
    for (const size of Object.values(viewports)) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({ path: join(shots, locale, `${name}-${size.width}x${size.height}.png`), fullPage: true });
    }
    await page.setViewportSize(viewports.phone);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-camera-'));
    sink = await startSmtpSink();
    product = await startProduct({ SMTP_URL: sink.url, MAIL_FROM: 'pips <no-reply@pips.test>' });
    videos.community = writeFakeCameraVideo(join(dir, 'community.y4m'), product.joinLink);
    videos.other = writeFakeCameraVideo(join(dir, 'other.y4m'), 'Free wifi at the community centre: ask at the desk');
    videos.empty = writeFakeCameraVideo(join(dir, 'empty.y4m'), null);
    photo = await writeQrPng(join(dir, 'community-qr.png'), product.joinLink, 2400);
  });

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await product?.stop();
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs up by scanning the community QR code with the camera, verifies and lands home', async () => {
    const { context, page } = await openPage(await browserFilming(videos.community));
    await context.addInitScript(recordCameras);
    const email = `scanner.${Date.now()}@example.org`;
    const password = 'Pips-2026!secret';

    await page.goto(`${product.url}/signup`);
    await expect.poll(() => visible(page, 'You must scan your community QR code to create an account.'), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'Scan your community QR code' }).click();
    await page.waitForURL('**/community-scan');

    // Nothing but the camera knows the community here: the URL has no communityId.
    await expect.poll(() => visible(page, 'Demo Community'), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(await visible(page, 'Your community')).toBe(true);
    await expectAccessible(page, 'community scan (found)');
    // The camera was asked for with `ideal` values only, and is off once the code is read.
    const cameras = await page.evaluate(() =>
      (window as unknown as CameraLog).__cameras.map(({ constraints, stream }) => ({
        constraints,
        live: stream.getTracks().some((track) => track.readyState === 'live'),
      })),
    );
    expect(cameras).toEqual([
      { constraints: { audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } } }, live: false },
    ]);
    expect(await page.evaluate(() => document.querySelector('video')?.srcObject ?? null)).toBeNull();
    await page.getByRole('button', { name: 'Continue to sign up' }).click();
    await page.waitForURL('**/signup');
    await expect.poll(() => page.getByTestId('signup-community').textContent()).toBe('Demo Community');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await fillDateOfBirth(page, '1990-12-09');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify', { timeout: 15_000 });

    const code = await sink.waitFor(email, /verification code[^0-9]{0,40}(\d{6})/i);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home', { timeout: 15_000 });
    await expect.poll(() => page.getByText('Grace').first().isVisible(), { timeout: 10_000 }).toBe(true);

    // Signed in, the page stays reachable and says the code is for new members.
    await page.goto(`${product.url}/community-scan`);
    await expect.poll(() => visible(page, 'You are already signed in'), { timeout: 15_000 }).toBe(true);
    expect(await visible(page, 'Demo Community')).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue to sign up' }).count()).toBe(0);
  });

  it('answers a QR code that is not a community code, and an unknown community, in blue with "Scan another code"', async () => {
    const { page } = await openPage(await browserFilming(videos.other));
    await page.goto(`${product.url}/community-scan`);
    const rejection = page.getByTestId('qr-rejection');
    await expect.poll(() => visible(page, 'Not a community code'), { timeout: 15_000 }).toBe(true);
    expect(await rejection.innerText()).toContain('This QR code does not join a community. Scan the code your community shared with you.');
    expect(await page.getByText('Uh-oh, something went wrong').count()).toBe(0);
    await expectAccessible(page, 'community scan (rejected)');

    // Scanning again: the camera still films the same code.
    await page.getByRole('button', { name: 'Scan another code' }).click();
    await expect.poll(() => visible(page, 'Not a community code'), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('pendingCommunity'))).toBeNull();

    // A join link with an id the server does not know.
    await page.goto(`${product.url}/community-scan?communityId=no-such-community`);
    await expect.poll(() => visible(page, 'Community not found'), { timeout: 15_000 }).toBe(true);
    expect(await rejection.innerText()).toContain('No community uses this code any more. Ask your community for its current code.');
    // A malformed one never reaches the server.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/web/community/')) lookups.push(request.url());
    });
    await page.goto(`${product.url}/community-scan?communityId=%3Cimg%20src%3Dx%3E`);
    await expect.poll(() => visible(page, 'Not a community code'), { timeout: 15_000 }).toBe(true);
    expect(lookups).toEqual([]);
  });

  it('decodes a photo of the code on a device without a camera', async () => {
    const { page } = await openPage(await browserFilming(null));
    await page.goto(`${product.url}/community-scan`);
    await expect.poll(() => visible(page, 'No camera is available here. Choose a photo of the code instead.'), { timeout: 15_000 }).toBe(true);
    await expectAccessible(page, 'community scan (no camera)');
    // No camera to try again: the photo is the one way on.
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Choose a photo' }).getAttribute('data-variant')).toBe('filled');
    await page.getByLabel('Photo of the QR code').setInputFiles(photo);
    await expect.poll(() => visible(page, 'Demo Community'), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Continue to sign up' }).click();
    await page.waitForURL('**/signup');
    await expect.poll(() => page.getByTestId('signup-community').textContent()).toBe('Demo Community');
  });

  it('photographs the scan screen in English and Spanish, on a phone and a laptop', async () => {
    const filming = {
      scanning: await browserFilming(videos.empty),
      found: await browserFilming(videos.community),
      rejected: await browserFilming(videos.other),
      noCamera: await browserFilming(null),
    };
    const expected: Record<Locale, Record<keyof typeof filming, string>> = {
      en: {
        scanning: 'Point the camera at the QR code.',
        found: 'Continue to sign up',
        rejected: 'Not a community code',
        noCamera: 'No camera is available here. Choose a photo of the code instead.',
      },
      es: {
        scanning: 'Apunta la cámara al código QR.',
        found: 'Continuar con el registro',
        rejected: 'No es un código de comunidad',
        noCamera: 'No hay ninguna cámara disponible. Elige una foto del código.',
      },
    };
    for (const locale of locales) {
      for (const [state, browser] of Object.entries(filming) as [keyof typeof filming, Browser][]) {
        const { context, page } = await openPage(browser, locale);
        await page.goto(`${product.url}/community-scan`);
        await expect.poll(() => visible(page, expected[locale][state]), { timeout: 15_000 }).toBe(true);
        if (state === 'scanning') {
          await expect.poll(() => page.evaluate(() => (document.querySelector('video')?.videoWidth ?? 0) > 0)).toBe(true);
          await expectAccessible(page, `community scan (scanning, ${locale})`);
        }
        await capture(page, state, locale);
        await context.close();
      }
    }
  });
});
