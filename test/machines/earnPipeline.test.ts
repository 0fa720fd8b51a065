import { describe, expect, it } from 'vitest';
import { classifyFailure, earnPipelineMachine } from '../../machines/earnPipeline.machine';
import type { EarnPipelineInput } from '../../machines/earnPipeline.types';
import { actorStarted, sendAction, startRecorded } from './recording';

const code = 'Qr7bX2kLm9PzT4vW';

function scan(input: EarnPipelineInput) {
  const pipeline = startRecorded(earnPipelineMachine, { input });
  const output = () => {
    const s = pipeline.actor.getSnapshot();
    return s.status === 'done' ? s.output : 'running';
  };
  return { ...pipeline, output };
}

describe('earnPipeline: a live scan', () => {
  it('gets a fresh key, tokenizes, earns under that key, and tells the resources pips moved', () => {
    const live = scan({ text: code });
    live.resolve('prepareScan', { idempotencyKey: 'key-fresh-1' });
    live.resolve('tokenizeScan', { ok: true, token: 'token-1' });
    live.resolve('earnScan', { ok: true, title: 'Coffee morning', pipsEarned: 5 });
    expect(live.log.take()).toEqual([
      actorStarted('prepareScan'),
      actorStarted('tokenizeScan', { text: code }),
      actorStarted('earnScan', { token: 'token-1', idempotencyKey: 'key-fresh-1' }),
      sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
    ]);
    expect(live.output()).toEqual({ ok: true, value: { kind: 'earned', title: 'Coffee morning', pipsEarned: 5 } });
    live.stop();
  });

  it('queues the scan under the SAME key when the earn answer is lost, and asks the sync to send it', () => {
    const live = scan({ text: code });
    live.resolve('prepareScan', { idempotencyKey: 'key-fresh-2' });
    live.resolve('tokenizeScan', { ok: true, token: 'token-2' });
    live.resolve('earnScan', { ok: false, code: 'NETWORK_ERROR', status: 0 });
    live.resolve('queueScan', { ok: true });
    expect(live.log.take().slice(2)).toEqual([
      actorStarted('earnScan', { token: 'token-2', idempotencyKey: 'key-fresh-2' }),
      actorStarted('queueScan', { text: code, idempotencyKey: 'key-fresh-2', userId: null }),
      sendAction('requestSync', 'connectivitySync', { type: 'sync.request' }),
    ]);
    expect(live.output()).toEqual({ ok: true, value: { kind: 'queued' } });
    live.stop();
  });

  it('offline (known before anything is sent), queues at once without a call', () => {
    const live = scan({ text: `https://pips.example.org/earn?qr=${code}`, userId: 7, offline: true });
    live.resolve('prepareScan', { idempotencyKey: 'key-fresh-3' });
    live.resolve('queueScan', { ok: true });
    expect(live.log.take()).toEqual([
      actorStarted('prepareScan'),
      actorStarted('queueScan', { text: `https://pips.example.org/earn?qr=${code}`, idempotencyKey: 'key-fresh-3', userId: 7 }),
      sendAction('requestSync', 'connectivitySync', { type: 'sync.request' }),
    ]);
    live.stop();
  });

  it('a server refusal is not queued: the member is told at once', () => {
    const live = scan({ text: code });
    live.resolve('prepareScan', { idempotencyKey: 'key-fresh-4' });
    live.resolve('tokenizeScan', { ok: false, code: 'QR_CODE_EXPIRED', status: 400 });
    expect(live.output()).toEqual({ ok: false, code: 'QR_CODE_EXPIRED', retry: false, stop: false });
    expect(live.log.take().map((e) => ('actor' in e ? e.actor : e))).toEqual(['prepareScan', 'tokenizeScan']);
    live.stop();
  });

  it('a queue that cannot store the scan fails with QUEUE_FAILED', () => {
    const live = scan({ text: code, offline: true });
    live.resolve('prepareScan', { idempotencyKey: 'key-fresh-5' });
    live.reject('queueScan');
    expect(live.output()).toEqual({ ok: false, code: 'QUEUE_FAILED', retry: true, stop: false });
    live.stop();
  });

  it('never sends a text that is no earn code', () => {
    const live = scan({ text: 'https://pips.example.org/community-scan?communityId=demo' });
    live.resolve('prepareScan', { idempotencyKey: 'key-fresh-6' });
    expect(live.output()).toEqual({ ok: false, code: 'INVALID_TOKEN', retry: false, stop: false });
    expect(live.log.take()).toEqual([actorStarted('prepareScan')]);
    live.stop();
  });
});

describe('earnPipeline: a replay from the offline queue', () => {
  it('sends under the queued key, without asking for a new one, and leaves the report to the run', () => {
    const replay = scan({ text: code, mode: 'replay', idempotencyKey: 'key-queued-7' });
    replay.resolve('tokenizeScan', { ok: true, token: 'token-7' });
    replay.resolve('earnScan', { ok: true, title: 'Coffee morning', pipsEarned: 5 });
    expect(replay.log.take()).toEqual([actorStarted('tokenizeScan', { text: code }), actorStarted('earnScan', { token: 'token-7', idempotencyKey: 'key-queued-7' })]);
    expect(replay.output()).toEqual({ ok: true, value: { kind: 'earned', title: 'Coffee morning', pipsEarned: 5 } });
    replay.stop();
  });

  it('is never queued twice: a lost answer stops the run and keeps the item (same key next time)', () => {
    const replay = scan({ text: code, mode: 'replay', idempotencyKey: 'key-queued-8' });
    replay.resolve('tokenizeScan', { ok: true, token: 'token-8' });
    replay.resolve('earnScan', { ok: false, code: 'NETWORK_ERROR', status: 0 });
    expect(replay.output()).toEqual({ ok: false, code: 'NETWORK_ERROR', retry: true, stop: true });
    expect(replay.log.take().some((e) => 'actor' in e && e.actor === 'queueScan')).toBe(false);
    replay.stop();
  });

  it('a refusal for good is dropped from the queue (no retry)', () => {
    const replay = scan({ text: code, mode: 'replay', idempotencyKey: 'key-queued-9' });
    replay.resolve('tokenizeScan', { ok: true, token: 'token-9' });
    replay.resolve('earnScan', { ok: false, code: 'ALREADY_EARNED', status: 409 });
    expect(replay.output()).toEqual({ ok: false, code: 'ALREADY_EARNED', retry: false, stop: false });
    replay.stop();
  });
});

describe('classifyFailure', () => {
  it.each([
    [{ code: 'NETWORK_ERROR', status: 0 }, { retry: true, stop: true }],
    [{ code: 'SERVER_ERROR', status: 503 }, { retry: true, stop: false }],
    [{ code: 'UNAUTHORIZED', status: 401 }, { retry: true, stop: true }],
    [{ code: 'ALREADY_EARNED_TODAY', status: 409 }, { retry: false, stop: false }],
    [{ code: 'IDEMPOTENCY_KEY_REUSED', status: 409 }, { retry: false, stop: false }],
  ])('%j', (failure, expected) => {
    expect(classifyFailure(failure)).toEqual({ ok: false, code: failure.code, ...expected });
  });
});
