import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { submissionMachine } from '../../machines/submission.machine';
import { selectSubmitError, selectSubmitted, selectSubmitting, selectSubmitValue } from '../../machines/submission.selectors';
import type { SubmissionOutput } from '../../machines/submission.types';
import { action, actorStarted, actorStopped, startRecorded } from './recording';

describe('submission', () => {
  it('sends what the form gives, is busy meanwhile, and keeps what the request gave', async () => {
    const sent: unknown[] = [];
    const succeeded: unknown[] = [];
    const actor = createActor(
      submissionMachine.provide({
        actors: {
          send: fromPromise<SubmissionOutput, unknown>(async ({ input }) => {
            sent.push(input);
            return { ok: true, value: { firstName: 'Ana' } };
          }),
        },
        actions: { notifySucceeded: (_, { value }) => void succeeded.push(value) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'user.submit', input: { firstName: 'Ana' } });
    expect(selectSubmitting(actor.getSnapshot())).toBe(true);
    const done = await waitFor(actor, selectSubmitted);
    expect(selectSubmitValue(done)).toEqual({ firstName: 'Ana' });
    expect(sent).toEqual([{ firstName: 'Ana' }]);
    expect(succeeded).toEqual([{ firstName: 'Ana' }]);
  });

  it('a failure keeps its code until the next submit, which sends again', () => {
    const request = startRecorded(submissionMachine);
    request.send({ type: 'user.submit', input: { currentPassword: 'wrong' } });
    request.resolve('send', { ok: false, code: 'INCORRECT_PASSWORD' });
    expect(selectSubmitError(request.actor.getSnapshot())).toBe('INCORRECT_PASSWORD');
    request.send({ type: 'user.submit', input: { currentPassword: 'right' } });
    expect(selectSubmitError(request.actor.getSnapshot())).toBeNull();
    request.resolve('send', { ok: true });
    expect(request.log.take()).toEqual([
      actorStarted('send', { currentPassword: 'wrong' }),
      action('notifyFailed', { code: 'INCORRECT_PASSWORD' }),
      actorStarted('send', { currentPassword: 'right' }),
      action('notifySucceeded', { value: undefined }),
    ]);
    request.stop();
  });

  it('an adapter that throws fails with UNKNOWN_ERROR', () => {
    const request = startRecorded(submissionMachine);
    request.send({ type: 'user.submit', input: {} });
    request.reject('send');
    expect(selectSubmitError(request.actor.getSnapshot())).toBe('UNKNOWN_ERROR');
    request.stop();
  });

  it('a reset abandons the request in flight (its answer is not waited for) and forgets the last one', () => {
    const request = startRecorded(submissionMachine);
    request.send({ type: 'user.submit', input: { password: 'Secret#123' } });
    request.send({ type: 'user.reset' });
    expect(request.log.take()).toEqual([actorStarted('send', { password: 'Secret#123' }), actorStopped('send')]);
    expect(selectSubmitting(request.actor.getSnapshot())).toBe(false);
    request.send({ type: 'user.submit', input: {} });
    request.resolve('send', { ok: true, value: 'done' });
    request.send({ type: 'user.reset' });
    expect(selectSubmitValue(request.actor.getSnapshot())).toBeUndefined();
    expect(request.actor.getSnapshot().context).toEqual({ value: undefined, errorCode: null, followUps: {} });
    request.stop();
  });
});
