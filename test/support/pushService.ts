import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser maker's push service (RFC 8030): it hands out subscriptions
 * whose receiving keys it holds, checks every push request's VAPID authorization (RFC 8292: an
 * ES256 JWT for the endpoint's origin, signed by the key it names) and decrypts the aes128gcm
 * payload (RFC 8291) with node:crypto, independently of the `web-push` package that encrypted it.
 */

export interface StandInSubscription {
  /** What `PushSubscription.toJSON()` gives: the app sends this as its device identifier. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The id in the endpoint's path. */
  id: string;
  /** The receiving keys, to decrypt with (and to hand to a page that replaces `subscribe()`). */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, as text. */
  text: string;
  /** The raw encrypted body, as the browser's push service would relay it. */
  body: Buffer;
  /** The VAPID public key named in the Authorization header (base64url). */
  vapidKey: string;
  /** The JWT's claims (aud, exp, sub). */
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
}

export interface PushServiceStandIn {
  url: string;
  subscribe(): StandInSubscription;
  /** Pushes received (decrypted and VAPID-checked), in order. */
  received: ReceivedPush[];
  /** Requests refused (bad VAPID, undecryptable body), with the reason. */
  refused: string[];
  /** How the endpoint of a subscription answers from now on (201 by default; 410 gone, 500 failing). */
  answerWith(subscriptionId: string, status: number): void;
  /** Resolves when `count` pushes have been received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188 (one record): the plaintext of an aes128gcm Web Push body. */
export function decryptWebPush(body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const prkKey = hmac(receiver.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record (padding delimiter missing)');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>`: ES256 signature by k, aud = the endpoint's origin, not expired. */
function checkVapid(header: string | undefined, origin: string): { vapidKey: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match;
  const [head, payload, signature] = jwt.split('.');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${head}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString()).alg;
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { vapidKey: key, claims };
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startPushService(): Promise<PushServiceStandIn> {
  const subscriptions = new Map<string, StandInSubscription>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
      const subscription = id ? subscriptions.get(id) : undefined;
      if (request.method !== 'POST' || !subscription) {
        response.writeHead(404).end();
        return;
      }
      const status = statuses.get(subscription.id) ?? 201;
      if (status !== 201) {
        response.writeHead(status).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const { vapidKey, claims } = checkVapid(request.headers.authorization, origin);
        const text = decryptWebPush(body, subscription).toString('utf8');
        received.push({ subscriptionId: subscription.id, text, body, vapidKey, claims, ttl: request.headers.ttl as string | undefined });
        for (const waiter of waiters) if (received.length >= waiter.count) waiter.resolve();
        response.writeHead(201).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = b64url(randomBytes(12));
      const subscription: StandInSubscription = {
        id,
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        authSecret: randomBytes(16),
        json: { endpoint: '', expirationTime: null, keys: { p256dh: '', auth: '' } },
      };
      subscription.json = {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64url(subscription.publicKey), auth: b64url(subscription.authSecret) },
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    answerWith(subscriptionId, status) {
      statuses.set(subscriptionId, status);
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} pushes, got ${received.length} (refused: ${refused.join('; ')})`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice());
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
