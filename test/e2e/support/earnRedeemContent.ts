/** The earn-and-redeem journey's fixed content: the operator's items, the answers and the words it acts on. */

export type Locale = 'en' | 'es';

/** The operator's content: what the CLI is given, and the ids it printed. */
export const content = {
  promo: { title: 'Visit our sitemap', titleEs: 'Visita el mapa del sitio', pips: 5 },
  qr: { title: 'Community centre visit', titleEs: 'Visita al centro comunitario', pips: 10 },
  questionnaire: { title: 'Neighbourhood survey', pips: 15 },
  coffee: { title: 'Coffee at the corner café', option: 'Small coffee', price: 20 },
  weekend: { title: 'Weekend for two', option: 'Two nights', price: 500 },
  coffeeCodes: ['COFFEE-E2E-0001', 'COFFEE-E2E-0002', 'COFFEE-E2E-0003', 'COFFEE-E2E-0004', 'COFFEE-E2E-0005'],
  weekendCodes: ['WEEKEND-E2E-0001'],
};

/** The questionnaire file given to `questionnaire:create`: three steps, every part type, texts in both languages. */
export const questionnairePayload = {
  title: { en: content.questionnaire.title, es: 'Encuesta del barrio' },
  description: { en: 'Three short steps about your neighbourhood.', es: 'Tres pasos cortos sobre tu barrio.' },
  steps: [
    {
      title: { en: 'About you', es: 'Sobre ti' },
      parts: [
        {
          id: 'visits',
          type: 'singleChoice',
          label: { en: 'How often do you visit the community centre?', es: '¿Con qué frecuencia visitas el centro comunitario?' },
          required: true,
          options: [
            { value: 'weekly', label: { en: 'Every week', es: 'Cada semana' } },
            { value: 'monthly', label: { en: 'Every month', es: 'Cada mes' } },
            { value: 'rarely', label: { en: 'Rarely', es: 'Casi nunca' } },
          ],
        },
        {
          id: 'interests',
          type: 'multipleChoice',
          label: { en: 'Which activities interest you?', es: '¿Qué actividades te interesan?' },
          required: true,
          maxSelected: 2,
          options: [
            { value: 'sport', label: { en: 'Sport', es: 'Deporte' } },
            { value: 'music', label: { en: 'Music', es: 'Música' } },
            { value: 'gardening', label: { en: 'Gardening', es: 'Jardinería' } },
          ],
        },
      ],
    },
    {
      title: { en: 'Your opinion', es: 'Tu opinión' },
      parts: [
        { id: 'score', type: 'rating', label: { en: 'How would you rate the centre?', es: '¿Qué nota le das al centro?' }, required: true, max: 5 },
        {
          id: 'improve',
          type: 'text',
          label: { en: 'What should we improve?', es: '¿Qué deberíamos mejorar?' },
          multiline: true,
          maxLength: 500,
        },
      ],
    },
    {
      title: { en: 'Details', es: 'Detalles' },
      parts: [
        {
          id: 'household',
          type: 'number',
          label: { en: 'How many people live in your home?', es: '¿Cuántas personas viven en tu casa?' },
          required: true,
          integer: true,
          min: 1,
          max: 20,
        },
        {
          id: 'lastVisit',
          type: 'date',
          label: { en: 'When did you last visit?', es: '¿Cuándo fue tu última visita?' },
          required: true,
          min: '2020-01-01',
          max: '2030-12-31',
        },
      ],
    },
  ],
};

/** The answers the journey gives (as the server stores them), also used through the API. */
export const answers = { visits: 'weekly', interests: ['sport', 'music'], score: 4, improve: 'More evening classes', household: 3, lastVisit: '2026-05-01' };

/** The labels the screenshot pass acts on. */
export const words = {
  en: { redeem: 'Redeem', confirm: 'Confirm', next: 'Next', needMore: 'You need 470 more pips' },
  es: { redeem: 'Canjear ahora', confirm: 'Confirmar', next: 'Siguiente', needMore: 'Necesitas 470 pips más' },
} satisfies Record<Locale, Record<string, string>>;
