import { submissionMachine } from '../../machines/submission.machine';
import { selectSubmitError, selectSubmitted, selectSubmitting, selectSubmitValue } from '../../machines/submission.selectors';
import type { SubmissionEvent, SubmissionInput, SubmissionOutput } from '../../machines/submission.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { action, actorStarted, actorStopped, APP_SYSTEM_IDS, received, type Effect } from './recording';

const events = {
  'user.submit': [{ type: 'user.submit', input: { email: 'ana@example.com' } }],
  'user.reset': [{ type: 'user.reset' }],
} satisfies EventFixtures<SubmissionEvent>;

const outputs = {
  send: [{ ok: true, value: { firstName: 'Ana' } }, { ok: true }, { ok: false, code: 'INCORRECT_PASSWORD' }],
} satisfies ActorOutputFixtures<typeof submissionMachine>;

/**
 * The rules (the machine's doc comment): one account request at a time; a submit sends what the
 * form gives; it ends done (with what the request gave, for the screen's follow-up) or failed
 * with a code; a new submit sends again; a reset (leaving the screen, the session ending)
 * forgets the last answer and abandons one not yet in. A success tells the others what the
 * request's input names: the resources reload its key, the session forgets the push
 * registration, then logs out.
 */
function submissionRules(input: SubmissionInput | undefined) {
  const followUps = input?.followUps ?? {};
  const followUp = (): Effect[] => [
    ...(followUps.reload ? [received('resources', { type: 'resource.reload', key: followUps.reload })] : []),
    ...(followUps.forgetPush ? [received('session', { type: 'push.unregistered' })] : []),
    ...(followUps.logOut ? [received('session', { type: 'user.logout' })] : []),
  ];
  let view: 'idle' | 'sending' | 'succeeded' | 'failed' = 'idle';
  let value: unknown = undefined;
  let error: string | null = null;
  const fail = (code: string): Effect[] => {
    view = 'failed';
    error = code;
    return [action('notifyFailed', { code })];
  };
  return {
    started: [],
    on(event: PathEvent<SubmissionEvent>): Effect[] {
      switch (event.type) {
        case 'user.submit':
          if (view === 'sending') throw new Error('one request at a time');
          view = 'sending';
          value = undefined;
          error = null;
          return [actorStarted('send', event.input)];
        case 'user.reset': {
          const abandoned = view === 'sending' ? [actorStopped('send')] : [];
          view = 'idle';
          value = undefined;
          error = null;
          return abandoned;
        }
        case 'xstate.done.actor.send': {
          const output = event.output as SubmissionOutput;
          if (!output.ok) return fail(output.code);
          view = 'succeeded';
          value = output.value;
          return [action('notifySucceeded', { value: output.value }), ...followUp()];
        }
        case 'xstate.error.actor.send':
          return fail('UNKNOWN_ERROR');
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ submitting: view === 'sending', submitted: view === 'succeeded', error, value }),
  };
}

describeMachinePaths({
  name: 'submission',
  machine: submissionMachine,
  events,
  outputs,
  inputs: {
    'a password reset (every session ends)': { followUps: { logOut: true } },
    'an account deletion (the push registration is gone, the session ends)': { followUps: { forgetPush: true, logOut: true } },
    'a profile update (the profile reloads)': { followUps: { reload: 'profile' } },
  } satisfies Record<string, SubmissionInput>,
  systemIds: [...APP_SYSTEM_IDS],
  meaning: (s) => ({ submitting: selectSubmitting(s), submitted: selectSubmitted(s), error: selectSubmitError(s), value: selectSubmitValue(s) }),
  oracle: submissionRules,
  words: {
    events: {
      'user.submit': 'the member submits the form',
      'user.reset': 'leaves the screen',
      'xstate.done.actor.send': (e) => {
        const output = e.output as SubmissionOutput;
        if (!output.ok) return `the request is refused (${output.code})`;
        return output.value === undefined ? 'the request succeeds' : 'the request succeeds with an answer';
      },
      'xstate.error.actor.send': 'the request fails unexpectedly',
    },
    outcome: (m) => {
      if (m.submitting) return 'the form shows it is sending';
      if (m.submitted) return m.value === undefined ? 'the form shows it is done' : 'the form shows it is done and passes the answer on';
      if (m.error) return `the form shows the error ${m.error}`;
      return 'the form waits for the member';
    },
  },
});
