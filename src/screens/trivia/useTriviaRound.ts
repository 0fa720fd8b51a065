import { useEffect } from 'react';
import { useParams } from 'wouter';
import { useSystemActor } from '../../actors/hooks';

/**
 * The round a trivia route shows: the question of the day, or the contest of `/trivia/contest/{id}`.
 * With `open`, arriving on the route opens the round when the actor holds another one, none, or
 * one that ran out of questions (a new day may have brought more); once per arrival.
 */
export function useTriviaRound(options: { open: boolean }) {
  const params = useParams<{ id?: string }>();
  const parsed = params.id === undefined ? null : Number(params.id);
  const contestId = parsed !== null && Number.isSafeInteger(parsed) ? parsed : null;
  const actor = useSystemActor(params.id === undefined ? 'individualTrivia' : 'contestTrivia');
  useEffect(() => {
    if (!options.open) return;
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('idle') || snapshot.matches('exhausted') || snapshot.context.contestId !== contestId) {
      actor.send({ type: 'round.open', contestId });
    }
  }, [actor, contestId, options.open]);
  return { actor, contestId };
}
