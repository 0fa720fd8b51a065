import webpush from 'web-push';
import { isLoopbackUrl } from '../config';

/** The server's VAPID identity: the key pair (base64url) and the contact subject. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Where one browser receives pushes (a stored `PushSubscription`). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said: `ok` (accepted), `gone` (404/410: the subscription expired or
 * was revoked; delete it), `retry` (429, 5xx, no answer: try again later) or `failed` (any other
 * refusal; trying again would not help).
 */
export type PushOutcome = { kind: 'ok' } | { kind: 'gone'; status: number } | { kind: 'retry'; error: string } | { kind: 'failed'; error: string };

export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();

/** The VAPID subject from MAIL_FROM (`pips <no-reply@x>` -> `mailto:no-reply@x`). */
export function defaultVapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * Whether the server may send to this endpoint: https only (push services are public https
 * hosts), or plain http to a loopback address when the tests' stand-in push service is allowed.
 */
export function isAllowedEndpoint(endpoint: string, allowInsecureLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return allowInsecureLoopback && url.protocol === 'http:' && isLoopbackUrl(endpoint);
}

/**
 * Sends one encrypted Web Push message (RFC 8291 aes128gcm payload, RFC 8292 VAPID) with the
 * `web-push` package's request (encryption and signed headers), over fetch, so the tests' stand-in
 * push service may listen on plain http.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidDetails,
  options: { ttlSeconds: number; timeoutMs: number },
): Promise<PushOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: vapid,
      TTL: options.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
  } catch (error) {
    // Keys a browser would never give (wrong length, not on the curve): this subscription is unusable.
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
  }
  await response.arrayBuffer().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { kind: 'ok' };
  if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
  if (response.status === 429 || response.status >= 500) return { kind: 'retry', error: `push service answered ${response.status}` };
  return { kind: 'failed', error: `push service answered ${response.status}` };
}
