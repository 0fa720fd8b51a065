import { useEffect } from 'react';
import { useParams } from 'wouter';
import { useSystemActor } from '../../actors/hooks';

/**
 * The round a trivia route shows: the question of the day, or the contest of `/trivia/contest/{id}`.
 * With `open`, arriving on the route opens the round when the actor holds another one, none, or
 * one that ran out of questions (a new day may have brought more); once per arrival. With
 * `afterResult` too (the question route), a round showing a result opens again: the member came
 * back for the next question another way than "Next question" (the contest's "Answer questions").
 */
export function useTriviaRound(options: { open: boolean; afterResult?: boolean }) {
  const params = useParams<{ id?: string }>();
  const parsed = params.id === undefined ? null : Number(params.id);
  const contestId = parsed !== null && Number.isSafeInteger(parsed) ? parsed : null;
  const actor = useSystemActor(params.id === undefined ? 'individualTrivia' : 'contestTrivia');
  useEffect(() => {
    if (!options.open) return;
    const snapshot = actor.getSnapshot();
    const stale = snapshot.matches('idle') || snapshot.matches('exhausted') || (options.afterResult === true && snapshot.matches('result'));
    if (stale || snapshot.context.contestId !== contestId) actor.send({ type: 'round.open', contestId });
  }, [actor, contestId, options.open, options.afterResult]);
  return { actor, contestId };
}
