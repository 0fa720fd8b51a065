import type { AnnounceInput } from '../plugins/app/announcements';
import type { AnnouncementText, LocalizedText } from '../db/schema';
import type { FinishedDraw } from './runDraws';

const inBoth = (text: LocalizedText): { en: string; es: string } =>
  typeof text === 'string' ? { en: text, es: text } : { en: text.en, es: text.es ?? text.en };

const list = (names: string[], and: string): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;

/**
 * The announcement of a finished Chance to Win draw: the whole
 * community reads who won under the winners' fictional player names (never a real name), in
 * English and Spanish (where the feature is "Oportunidad de ganar", as in the app), with a link to /chance-to-win where every member can check the draw (and
 * the winners read "You won"); it is pushed to subscribed browsers. A draw without entries says so.
 */
export function winnersAnnouncement(draw: FinishedDraw): AnnounceInput {
  const name = inBoth(draw.name);
  // The players' fictional names, never the real ones (issue 46).
  const names = { en: draw.winners.map((winner) => winner.playerName.en), es: draw.winners.map((winner) => winner.playerName.es) };
  const title: AnnouncementText = {
    en: `Chance to Win: ${name.en} has been drawn`,
    es: `Oportunidad de ganar: se sorteó ${name.es}`,
  };
  const text: AnnouncementText =
    draw.winners.length === 0
      ? {
          en: `Nobody qualified for ${name.en}, so there is no winner this time.`,
          es: `Nadie calificó para ${name.es}, así que esta vez no hay ganador.`,
        }
      : {
          en: `Congratulations to ${list(names.en, 'and')}! ${draw.entryCount === 1 ? '1 member' : `${draw.entryCount} members`} took part. Open Chance to Win to check the draw yourself.`,
          es: `¡Felicidades a ${list(names.es, 'y')}! ${draw.entryCount === 1 ? 'Participó 1 miembro' : `Participaron ${draw.entryCount} miembros`}. Abre Oportunidad de ganar para verificar el sorteo tú mismo.`,
        };
  return { communityId: draw.communityId, title, text, url: '/chance-to-win', push: true };
}
