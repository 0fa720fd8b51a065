import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/api/client';
import { acceptEarnCode, parseEarnCode, type EarnCodeDeps } from '../../../../src/screens/earn/earnCode';

const code = 'Ab3dEf6hIj9kLm0p';

describe('parseEarnCode', () => {
  it.each([
    [code, code],
    [`  ${code}\n`, code],
    [`https://pips.example.org/earn?qr=${code}`, code],
    [`http://localhost:5173/earn/?qr=${code}`, code],
    [`https://other.example.com/earn?qr=${code}&utm=poster`, code],
  ])('reads %j', (text, expected) => {
    expect(parseEarnCode(text)).toBe(expected);
  });

  it.each([
    ['too short', 'Ab3dEf6h'],
    ['spaces inside', 'Ab3dEf6h Ij9kLm0p'],
    ['a community code', 'https://pips.example.org/community-scan?communityId=demo'],
    ['another path', `https://pips.example.org/redeem?qr=${code}`],
    ['two codes', `https://pips.example.org/earn?qr=${code}&qr=${code}`],
    ['a malformed code', 'https://pips.example.org/earn?qr=%3Cscript%3E'],
    ['a javascript link', `javascript:alert(1)//earn?qr=${code}`],
    ['words', 'hello world'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(parseEarnCode(text)).toBeNull();
  });
});

type Calls = Array<[string, unknown]>;

function deps(overrides: Partial<EarnCodeDeps> = {}) {
  const calls: Calls = [];
  const bound: EarnCodeDeps = {
    isOffline: () => false,
    tokenize: async (qrParam) => {
      calls.push(['tokenize', qrParam]);
      return { success: true, data: { token: 'qr-token-123' } };
    },
    earnQr: async (input) => {
      calls.push(['earnQr', input]);
      return { success: true, data: { title: 'Park clean-up', pipsEarned: 10, availablePips: 25 } };
    },
    queueOffline: async (qrParam) => void calls.push(['queueOffline', qrParam]),
    newKey: () => 'key-0123456789',
    ...overrides,
  };
  return { bound, calls };
}

const failure = (error: string, statusCode = 409): ApiResult<never> => ({ success: false, error, message: error, statusCode });
const signal = new AbortController().signal;
const link = `https://pips.example.org/earn?qr=${code}`;

describe('acceptEarnCode', () => {
  it('tokenizes the scanned text as it was read, then earns under a fresh key', async () => {
    const { bound, calls } = deps();
    const output = await acceptEarnCode(link, bound, signal);
    expect(output).toEqual({ ok: true, value: { kind: 'earned', title: 'Park clean-up', pipsEarned: 10 } });
    expect(calls).toEqual([
      ['tokenize', link],
      ['earnQr', { qrToken: 'qr-token-123', idempotencyKey: 'key-0123456789' }],
    ]);
  });

  it('never sends a text that is no earn code', async () => {
    const { bound, calls } = deps();
    expect(await acceptEarnCode('https://pips.example.org/community-scan?communityId=demo', bound, signal)).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    expect(calls).toEqual([]);
  });

  it.each(['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'QR_CODE_EXPIRED', 'QR_CODE_NOT_YET_VALID', 'QR_CODE_EXHAUSTED'])(
    'passes the refusal %s on',
    async (error) => {
      const { bound } = deps({ earnQr: async () => failure(error) });
      expect(await acceptEarnCode(code, bound, signal)).toEqual({ ok: false, code: error });
    },
  );

  it('passes a refused token on without earning', async () => {
    const { bound, calls } = deps({ tokenize: async () => failure('INVALID_TOKEN', 400) });
    expect(await acceptEarnCode(code, bound, signal)).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    expect(calls).toEqual([]);
  });

  it('queues the scan without a request when the app knows it is offline', async () => {
    const { bound, calls } = deps({ isOffline: () => true });
    expect(await acceptEarnCode(link, bound, signal)).toEqual({ ok: true, value: { kind: 'queued' } });
    expect(calls).toEqual([['queueOffline', link]]);
  });

  it('queues the scan when the token call gets no answer', async () => {
    const { bound, calls } = deps({ tokenize: async () => failure('NETWORK_ERROR', 0) });
    expect(await acceptEarnCode(code, bound, signal)).toEqual({ ok: true, value: { kind: 'queued' } });
    expect(calls).toEqual([['queueOffline', code]]);
  });

  it('queues the scan under the lost attempt\'s key when the earn call gets no answer', async () => {
    const queueOffline = vi.fn(async () => {});
    const { bound, calls } = deps({ earnQr: async () => failure('NETWORK_ERROR', 0), queueOffline });
    expect(await acceptEarnCode(code, bound, signal)).toEqual({ ok: true, value: { kind: 'queued' } });
    expect(calls.map(([name]) => name)).toEqual(['tokenize']);
    // The replay must not credit twice if the lost attempt did credit.
    expect(queueOffline).toHaveBeenCalledWith(code, 'key-0123456789');
  });

  it('does not queue a scan the member walked away from', async () => {
    const controller = new AbortController();
    controller.abort();
    const queueOffline = vi.fn(async () => {});
    const { bound } = deps({ tokenize: async () => failure('NETWORK_ERROR', 0), queueOffline });
    expect(await acceptEarnCode(code, bound, controller.signal)).toEqual({ ok: false, code: 'NETWORK_ERROR' });
    expect(queueOffline).not.toHaveBeenCalled();
  });

  it('says QUEUE_FAILED when the scan cannot be saved', async () => {
    const { bound } = deps({
      isOffline: () => true,
      queueOffline: async () => {
        throw new Error('no IndexedDB');
      },
    });
    expect(await acceptEarnCode(code, bound, signal)).toEqual({ ok: false, code: 'QUEUE_FAILED' });
  });

  it('treats an empty token as an unknown failure', async () => {
    const { bound, calls } = deps({ tokenize: async () => ({ success: true, data: { token: '' } }) });
    expect(await acceptEarnCode(code, bound, signal)).toEqual({ ok: false, code: 'UNKNOWN_ERROR' });
    expect(calls).toEqual([]);
  });
});
