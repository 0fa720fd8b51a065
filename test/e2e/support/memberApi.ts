import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { ActivityItem, Dashboard, GiftCard, Promo, Questionnaire } from '../../../src/api/client';
import type { Member } from './accounts';
import type { RunningProduct } from './serverProcess';

/** A call's outcome as the server sent it: the envelope's data, or its error code. */
export type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; code: string };

interface Request {
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
  json?: unknown;
}

/**
 * The server's truth about one member, through the same API the app calls (their auth token,
 * their language), next to what a journey sees on screen; and the earning calls, for tests that
 * need a member with pips without walking through the screens.
 */
export function memberApi(product: RunningProduct, member: Pick<Member, 'authToken'>, { language = 'en' } = {}) {
  async function call<T>(method: string, path: string, { query, form, json }: Request = {}): Promise<Answer<T>> {
    const url = new URL(path, product.url);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { Authorization: member.authToken, 'Accept-Language': language };
    let body: string | undefined;
    if (form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
    } else if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const response = await fetch(url, { method, headers, body });
    const envelope = (await response.json()) as { success: boolean; data: T; error: { code: string } | null };
    return envelope.success
      ? { ok: true, status: response.status, data: envelope.data }
      : { ok: false, status: response.status, code: envelope.error?.code ?? 'UNKNOWN' };
  }

  /** The data of a call that must succeed. */
  async function data<T>(method: string, path: string, request?: Request): Promise<T> {
    const answer = await call<T>(method, path, request);
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${answer.code}`);
    return answer.data;
  }

  const key = () => randomUUID();

  return {
    call,
    dashboard: () => data<Dashboard>('GET', '/mobile/dashboard'),
    /** The member's ledger as Activity shows it (page 1, size 1000), newest first. */
    actions: async () =>
      (await data<{ actions: ActivityItem[] }>('GET', '/mobile/dashboard/actions', { query: { page: 1, size: 1000 } })).actions,
    giftCards: async () =>
      (await data<{ giftcards: GiftCard[] }>('GET', '/mobile/dashboard/giftcards', { query: { page: 1, size: 200 } })).giftcards,
    promos: async (type: 'EARN' | 'REDEEM') => (await data<{ promos: Promo[] }>('GET', '/mobile/promos/get', { query: { type } })).promos,
    questionnaires: async () =>
      (await data<{ questionnaires: Questionnaire[] }>('GET', '/web/questionnaires', { query: { page: 1, size: 50 } })).questionnaires,
    earn: (pid: number) => call<{ pipsEarned: number; availablePips: number }>('POST', '/mobile/earn', { form: { pid, idempotencyKey: key() } }),
    /** What the app does with a scanned code: tokenize it (qrParams), then earn with the token. */
    earnQr: async (scanned: string) => {
      const { token } = await data<{ token: string }>('POST', '/api/tokenize', { form: { tokenType: 'qrParams', qrParam: scanned } });
      return call<{ title: string; pipsEarned: number; availablePips: number }>('POST', '/mobile/earn/qr/post', {
        query: { qrToken: token, idempotencyKey: key() },
      });
    },
    answer: (id: number, answers: Record<string, unknown>) =>
      call<{ pipsEarned: number }>('POST', `/web/questionnaires/${id}/answers`, { json: { answers, idempotencyKey: key() } }),
  };
}

export type MemberApi = ReturnType<typeof memberApi>;

/**
 * Stores `member`'s session in the page's origin as the app does after a login (for screens
 * whose login is not what is tested; the login form has its own journeys). The page must be on
 * the product's origin.
 */
export async function storeSession(page: Page, member: Member): Promise<void> {
  await page.evaluate((m) => {
    localStorage.setItem('authToken', m.authToken);
    localStorage.setItem('userId', String(m.userId));
    localStorage.setItem('email', m.email);
    localStorage.setItem('isVerified', 'true');
    localStorage.setItem('rememberMe', 'true');
  }, member);
}
