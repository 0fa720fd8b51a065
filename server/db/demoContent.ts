import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { commitmentOf, newSeed } from '../contests/draw';
import { completionScreen } from '../earning/completion';
import { parsePayload } from '../questionnaires/payload';
import { insertAnnouncement } from './repositories/announcements';
import { createEarnQrCode } from './repositories/earnQrCodes';
import { createEarnPromo } from './repositories/promos';
import { createQuestionnaire } from './repositories/questionnaires';
import { DEMO_COMMUNITY_NAME } from './repositories/communities';
import { setOperatorTranslation } from './repositories/translations';
import { setPromoImage } from './repositories/images';
import { demoPicture } from '../images/png';
import { setSupportContact, type SupportContactInput } from './repositories/support';
import { createReward, importGiftCardCodes } from './repositories/rewards';
import { createContest, createQuestions, type QuestionInput } from './repositories/trivia';
import type { Database } from './schema';

/**
 * Something to earn and redeem in the demo community, so a newcomer can try every kind of
 * action at once: earn promos (an external link, a daily one, a questionnaire, a screen of the
 * app), two rewards with demo gift-card codes, a questionnaire with every part type, and an
 * earn QR code. Texts in English and Spanish.
 */

export const DEMO_CODES_PER_OPTION = 20;

/** The demo community's name in Spanish. */
export const DEMO_COMMUNITY_NAME_ES = 'Comunidad de demostración';

/** Demo gift-card codes: clearly not real ones (DEMO-XXXX-XXXX). */
export const demoCode = () => {
  const hex = randomBytes(4).toString('hex').toUpperCase();
  return `DEMO-${hex.slice(0, 4)}-${hex.slice(4)}`;
};

export const DEMO_QUESTIONNAIRE = {
  title: { en: 'Community survey', es: 'Encuesta de la comunidad' },
  description: {
    en: 'Three short steps about you and the community.',
    es: 'Tres pasos cortos sobre ti y la comunidad.',
  },
  steps: [
    {
      title: { en: 'About you', es: 'Sobre ti' },
      parts: [
        {
          id: 'heardFrom',
          type: 'singleChoice',
          label: { en: 'How did you hear about the community?', es: '¿Cómo conociste la comunidad?' },
          required: true,
          options: [
            { value: 'friend', label: { en: 'A friend', es: 'Un amigo' } },
            { value: 'social', label: { en: 'Social media', es: 'Redes sociales' } },
            { value: 'event', label: { en: 'An event', es: 'Un evento' } },
            { value: 'other', label: { en: 'Other', es: 'Otro' } },
          ],
        },
        {
          id: 'eventsAttended',
          type: 'number',
          label: {
            en: 'How many community events did you attend this year?',
            es: '¿A cuántos eventos de la comunidad asististe este año?',
          },
          required: true,
          integer: true,
          min: 0,
          max: 365,
        },
      ],
    },
    {
      title: { en: 'Your interests', es: 'Tus intereses' },
      parts: [
        {
          id: 'interests',
          type: 'multipleChoice',
          label: { en: 'Which activities interest you?', es: '¿Qué actividades te interesan?' },
          help: { en: 'Choose up to three.', es: 'Elige hasta tres.' },
          required: true,
          minSelected: 1,
          maxSelected: 3,
          options: [
            { value: 'sports', label: { en: 'Sports', es: 'Deportes' } },
            { value: 'music', label: { en: 'Music', es: 'Música' } },
            { value: 'volunteering', label: { en: 'Volunteering', es: 'Voluntariado' } },
            { value: 'workshops', label: { en: 'Workshops', es: 'Talleres' } },
            { value: 'games', label: { en: 'Games', es: 'Juegos' } },
          ],
        },
        {
          id: 'satisfaction',
          type: 'rating',
          label: { en: 'How happy are you with the community?', es: '¿Qué tan contento estás con la comunidad?' },
          help: { en: '1 = not at all, 5 = very', es: '1 = nada, 5 = mucho' },
          required: true,
          max: 5,
        },
      ],
    },
    {
      title: { en: 'Almost done', es: 'Casi listo' },
      parts: [
        {
          id: 'nextVisit',
          type: 'date',
          label: { en: 'When do you plan your next visit?', es: '¿Cuándo planeas tu próxima visita?' },
          min: '2024-01-01',
        },
        {
          id: 'suggestions',
          type: 'text',
          label: { en: 'Any suggestions?', es: '¿Alguna sugerencia?' },
          multiline: true,
          maxLength: 500,
        },
      ],
    },
  ],
};

export const DEMO_QUESTIONNAIRE_PIPS = 15;

/** The demo community's support contact (the /support screen); set once, the operator may change it. */
export const DEMO_SUPPORT: SupportContactInput = {
  email: 'support@example.org',
  url: 'https://example.org/help',
  phone: '+1 555 0100',
  text: {
    en: 'Questions about your pips or a reward? Write to us, we answer within two business days.',
    es: '¿Preguntas sobre tus pips o una recompensa? Escríbenos, respondemos en dos días hábiles.',
  },
};

/**
 * The demo community's news, oldest first: what a new member finds under the bell (issue 12: the
 * demo community's content exists in both languages). Each links to the screen it speaks of.
 */
export const DEMO_ANNOUNCEMENTS = [
  {
    title: { en: 'Welcome to the demo community', es: 'Te damos la bienvenida a la comunidad de demostración' },
    text: {
      en: 'Earn pips by scanning codes, answering the survey and playing trivia, then trade them for rewards. Everything here is a demo.',
      es: 'Gana pips escaneando códigos, respondiendo la encuesta y jugando a la trivia, y cámbialos por recompensas. Todo aquí es de demostración.',
    },
    url: '/earn',
  },
  {
    title: { en: 'The prize draw is open', es: 'El sorteo está abierto' },
    text: {
      en: 'Earn enough pips before the drawing date to enter the draw for a community hoodie.',
      es: 'Gana suficientes pips antes de la fecha del sorteo para participar por una sudadera de la comunidad.',
    },
    url: '/chance-to-win',
  },
];

export interface DemoContent {
  /** Whether this call created the content (false: it was there already). */
  created: boolean;
  /** The demo earn QR code (what its link carries after ?qr=), when the community has one. */
  earnQrCode: string | null;
}

/**
 * Fills the demo community with demo content, once: when the community already has promos,
 * questionnaires or earn QR codes, nothing is added. Safe when several instances start together
 * (advisory lock, one transaction).
 */
export async function ensureDemoContent(db: Kysely<Database>, communityId: string): Promise<DemoContent> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`pips:demo-content:${communityId}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('communities')
      .select((eb) => [
        eb.selectFrom('promos').whereRef('promos.community_id', '=', 'communities.id').select(eb.fn.countAll<string>().as('n')).as('promos'),
        eb
          .selectFrom('questionnaires')
          .whereRef('questionnaires.community_id', '=', 'communities.id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('questionnaires'),
        eb
          .selectFrom('earn_qr_codes')
          .whereRef('earn_qr_codes.community_id', '=', 'communities.id')
          .select('earn_qr_codes.code')
          .orderBy('earn_qr_codes.id')
          .limit(1)
          .as('qrCode'),
      ])
      .where('communities.id', '=', communityId)
      .executeTakeFirst();
    if (!existing) throw new Error(`no community has the id ${communityId}`);
    await ensureDemoTrivia(trx, communityId);
    await setSupportContact(trx, communityId, DEMO_SUPPORT, { onlyIfMissing: true });
    // The community's own name, in both languages (POST /api/translate answers it).
    await setOperatorTranslation(trx, DEMO_COMMUNITY_NAME, 'es', DEMO_COMMUNITY_NAME_ES);
    if (Number(existing.promos) > 0 || Number(existing.questionnaires) > 0 || existing.qrCode) {
      return { created: false, earnQrCode: existing.qrCode ?? null };
    }

    const parsed = parsePayload(DEMO_QUESTIONNAIRE);
    if (!parsed.ok) throw new Error(`the demo questionnaire is invalid: ${parsed.errors.join('; ')}`);
    const questionnaireId = await createQuestionnaire(trx, {
      communityId,
      payload: parsed.payload,
      pips: DEMO_QUESTIONNAIRE_PIPS,
    });

    await createEarnPromo(trx, {
      communityId,
      title: { en: 'Visit our community page', es: 'Visita la página de la comunidad' },
      description: { en: 'Read the latest news on our website.', es: 'Lee las últimas noticias en nuestra web.' },
      url: 'https://example.org/community',
      pips: 5,
      limit: 'once',
    });
    await createEarnPromo(trx, {
      communityId,
      title: { en: 'Daily check-in', es: 'Registro diario' },
      description: { en: 'Come back every day for a pip.', es: 'Vuelve cada día por un pip.' },
      pips: 1,
      limit: 'daily',
    });
    await createEarnPromo(trx, {
      communityId,
      title: { en: 'Answer the community survey', es: 'Responde la encuesta de la comunidad' },
      description: { en: 'Three short steps, once.', es: 'Tres pasos cortos, una vez.' },
      pips: DEMO_QUESTIONNAIRE_PIPS,
      limit: 'once',
      questionnaireId,
    });
    await createEarnPromo(trx, {
      communityId,
      title: { en: 'Play trivia', es: 'Juega a la trivia' },
      description: { en: 'Answer a question of the day.', es: 'Responde una pregunta del día.' },
      pips: 2,
      limit: 'daily',
      // Paid when the member answers the question of the day (it leads there).
      completedBy: 'triviaAnswer',
      redirectToInternalScreen: completionScreen.triviaAnswer,
    });

    const demoTerms = {
      en: 'Demo reward: the codes are examples and cannot be used in a shop. One code per redemption.',
      es: 'Recompensa de demostración: los códigos son ejemplos y no sirven en una tienda. Un código por canje.',
    };
    const coffee = await createReward(trx, {
      communityId,
      title: { en: 'Coffee voucher', es: 'Vale de café' },
      description: { en: 'A coffee at the community café.', es: 'Un café en la cafetería de la comunidad.' },
      terms: demoTerms,
      url: 'https://example.org/coffee',
      options: [
        { label: { en: 'Small coffee', es: 'Café pequeño' }, pips: 20 },
        { label: { en: 'Large coffee', es: 'Café grande' }, pips: 35 },
      ],
    });
    const books = await createReward(trx, {
      communityId,
      title: { en: 'Bookstore gift card', es: 'Tarjeta regalo de librería' },
      description: { en: 'Spend it at the neighborhood bookstore.', es: 'Úsala en la librería del barrio.' },
      terms: demoTerms,
      url: 'https://example.org/books',
      options: [
        { label: { en: '$5 card', es: 'Tarjeta de 5 $' }, pips: 50 },
        { label: { en: '$10 card', es: 'Tarjeta de 10 $' }, pips: 90 },
      ],
    });
    // Two small pictures made here (no binary file in the repository), kept like an operator's --image.
    await setPromoImage(trx, coffee.id, demoPicture(320, 180, [121, 72, 44], [214, 160, 96]));
    await setPromoImage(trx, books.id, demoPicture(320, 180, [36, 72, 140], [120, 180, 220]));
    for (const optionId of [...coffee.optionIds, ...books.optionIds]) {
      const codes = new Set<string>();
      while (codes.size < DEMO_CODES_PER_OPTION) codes.add(demoCode());
      await importGiftCardCodes(trx, optionId, [...codes]);
    }

    // A second apart, so they list in this order.
    const now = Date.now();
    for (const [index, announcement] of DEMO_ANNOUNCEMENTS.entries()) {
      await insertAnnouncement(trx, { communityId, ...announcement }, new Date(now - (DEMO_ANNOUNCEMENTS.length - index) * 1000));
    }

    const qr = await createEarnQrCode(trx, {
      communityId,
      title: { en: 'Welcome desk check-in', es: 'Registro en recepción' },
      pips: 10,
      limit: 'daily',
    });
    return { created: true, earnQrCode: qr.code };
  });
}

/** Questions of the day for the demo community (each with one right answer). */
export const DEMO_TRIVIA: QuestionInput[] = [
  {
    text: { en: 'How many legs does a spider have?', es: '¿Cuántas patas tiene una araña?' },
    answers: [
      { text: { en: 'Six', es: 'Seis' }, correct: false },
      { text: { en: 'Eight', es: 'Ocho' }, correct: true },
      { text: { en: 'Ten', es: 'Diez' }, correct: false },
    ],
  },
  {
    text: { en: 'Which planet is known as the red planet?', es: '¿Qué planeta es conocido como el planeta rojo?' },
    answers: [
      { text: { en: 'Mars', es: 'Marte' }, correct: true },
      { text: { en: 'Venus', es: 'Venus' }, correct: false },
      { text: { en: 'Jupiter', es: 'Júpiter' }, correct: false },
    ],
  },
  {
    text: { en: 'What do bees make?', es: '¿Qué hacen las abejas?' },
    answers: [
      { text: { en: 'Milk', es: 'Leche' }, correct: false },
      { text: { en: 'Honey', es: 'Miel' }, correct: true },
      { text: { en: 'Silk', es: 'Seda' }, correct: false },
    ],
  },
  {
    text: { en: 'How many days are in a leap year?', es: '¿Cuántos días tiene un año bisiesto?' },
    answers: [
      { text: '365', correct: false },
      { text: '366', correct: true },
      { text: '364', correct: false },
    ],
  },
];

/** The demo contest's questions. */
export const DEMO_CONTEST_QUESTIONS: QuestionInput[] = [
  {
    text: { en: 'What is the largest ocean on Earth?', es: '¿Cuál es el océano más grande de la Tierra?' },
    answers: [
      { text: { en: 'Atlantic', es: 'Atlántico' }, correct: false },
      { text: { en: 'Pacific', es: 'Pacífico' }, correct: true },
      { text: { en: 'Indian', es: 'Índico' }, correct: false },
    ],
  },
  {
    text: { en: 'How many minutes are in an hour?', es: '¿Cuántos minutos tiene una hora?' },
    answers: [
      { text: '60', correct: true },
      { text: '100', correct: false },
      { text: '30', correct: false },
    ],
  },
  {
    text: { en: 'Which gas do plants take in?', es: '¿Qué gas absorben las plantas?' },
    answers: [
      { text: { en: 'Oxygen', es: 'Oxígeno' }, correct: false },
      { text: { en: 'Carbon dioxide', es: 'Dióxido de carbono' }, correct: true },
      { text: { en: 'Helium', es: 'Helio' }, correct: false },
    ],
  },
];

const DAY_MS = 24 * 3600 * 1000;

/**
 * Trivia for the demo community, added once (also to a demo community made before trivia
 * existed): a few questions of the day and one running contest with two teams.
 */
export async function ensureDemoTrivia(trx: Kysely<Database>, communityId: string, now: Date = new Date()): Promise<boolean> {
  const any = await trx.selectFrom('trivia_questions').select('id').where('community_id', '=', communityId).limit(1).executeTakeFirst();
  if (any) return false;
  await createQuestions(trx, communityId, null, DEMO_TRIVIA);
  const contest = await createContest(trx, {
    communityId,
    name: { en: 'Community quiz cup', es: 'Copa de preguntas de la comunidad' },
    rules: {
      en: 'Join a team, answer each question once, and earn pips for every right answer. The team with the most right answers wins.',
      es: 'Únete a un equipo, responde cada pregunta una vez y gana pips por cada respuesta correcta. Gana el equipo con más respuestas correctas.',
    },
    startsAt: new Date(now.getTime() - DAY_MS),
    endsAt: new Date(now.getTime() + 365 * DAY_MS),
    pipsPerAnswer: 5,
    teams: [
      { en: 'Owls', es: 'Búhos' },
      { en: 'Foxes', es: 'Zorros' },
    ],
  });
  await createQuestions(trx, communityId, contest.id, DEMO_CONTEST_QUESTIONS);
  return true;
}

/**
 * The demo community's Chance to Win contest (issue 11): made once, when the community has none:
 * 20 pips earned in the next 7 days qualify, one winner, its commitment published at once.
 */
export async function ensureDemoContest(db: Kysely<Database>, communityId: string, now = new Date()): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`pips:demo-contest:${communityId}`}))`.execute(trx);
    const existing = await trx.selectFrom('ctw_contests').select('id').where('community_id', '=', communityId).executeTakeFirst();
    if (existing) return { created: false };
    const seed = newSeed();
    await trx
      .insertInto('ctw_contests')
      .values({
        community_id: communityId,
        name: JSON.stringify({ en: 'Demo Chance to Win', es: 'Oportunidad de ganar de demostración' }),
        prize: JSON.stringify({ en: 'A community hoodie', es: 'Una sudadera de la comunidad' }),
        threshold_pips: 20,
        starts_at: now,
        draws_at: new Date(now.getTime() + 7 * 24 * 3600_000),
        number_of_winners: 1,
        seed,
        commitment: commitmentOf(seed),
      })
      .execute();
    return { created: true };
  });
}
