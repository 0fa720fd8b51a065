import { useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import { selectAnsweredContests, selectDayDone, selectTriviaScanning } from '../../../machines/triviaVerification.selectors';
import { useSystemActor } from '../../actors/hooks';
import { useSelector } from '../../actors/useSelector';

/**
 * The round a trivia route shows: the question of the day, or the contest of `/trivia/contest/{id}`.
 * With `open`, arriving on the route opens the round when the actor holds another one, none, or
 * one that ran out of questions (a new day may have brought more); once per arrival. With
 * `afterResult` too (the question route), a round showing a result opens again: the member came
 * back for the next question another way than "Next question" (the contest's "Answer questions").
 * The round is told what the trivia verification knows once it has recalled and checked (the
 * contest answered, the day's questions done), so it asks the server for no question it knows is
 * not there.
 */
export function useTriviaRound(options: { open: boolean; afterResult?: boolean }) {
  const params = useParams<{ id?: string }>();
  const parsed = params.id === undefined ? null : Number(params.id);
  const contestId = parsed !== null && Number.isSafeInteger(parsed) ? parsed : null;
  const actor = useSystemActor(params.id === undefined ? 'individualTrivia' : 'contestTrivia');
  const verification = useSystemActor('triviaVerification');
  const done = useSelector(verification, (s) => (contestId === null ? selectDayDone(s) : selectAnsweredContests(s).includes(contestId)));
  // The verification first recalls what it stored, then asks the contest list, which says what is
  // left (another device may have used the day's questions): the round waits for both, once.
  const checking = useSelector(verification, selectTriviaScanning);
  const openedFor = useRef<{ contestId: number | null } | null>(null);
  useEffect(() => {
    if (!options.open || checking) return;
    if (openedFor.current?.contestId === contestId) return;
    openedFor.current = { contestId };
    const snapshot = actor.getSnapshot();
    const stale =
      snapshot.matches('idle') ||
      snapshot.matches('exhausted') ||
      (options.afterResult === true && (snapshot.matches('result') || snapshot.matches('finished')));
    if (stale || snapshot.context.contestId !== contestId) actor.send({ type: 'round.open', contestId, done });
    // `done` is read when the member arrives, not followed: the round's own end tells the verification.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, contestId, options.open, options.afterResult, checking]);
  return { actor, contestId };
}
