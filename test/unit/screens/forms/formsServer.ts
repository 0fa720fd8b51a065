import { vi } from 'vitest';
import type { Questionnaire } from '../../../../src/api/client';

export interface SentJsonRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body, parsed (undefined for none). */
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; data?: unknown; error?: string };
/** An envelope answer, or a function of the request; a function that throws is a network failure. */
export type Route = Reply | ((request: SentJsonRequest) => Reply | Promise<Reply>);

/**
 * Stubs fetch with a tiny server speaking JSON both ways (the questionnaire answers are a JSON
 * body): `routes` maps "METHOD /path" to an envelope answer. Unknown routes answer 503.
 */
export function serveJson(routes: Record<string, Route>) {
  const sent: SentJsonRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = input.method === 'GET' ? '' : await input.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const request: SentJsonRequest = {
      method: input.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: Object.fromEntries([...input.headers].map(([name, value]) => [name.toLowerCase(), value])),
    };
    sent.push(request);
    const route = routes[`${input.method} ${url.pathname}`];
    if (!route) return new Response('', { status: 503 });
    const { status = 200, data = null, error } = typeof route === 'function' ? await route(request) : route;
    const envelope = error
      ? { status: 'ERROR', success: false, data: null, error: { code: error, message: error } }
      : { status: 'OK', success: true, data, error: null };
    const httpStatus = error && status === 200 ? 400 : status;
    return new Response(JSON.stringify(envelope), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

/** A questionnaire with every part type, in three steps. */
export const surveyPayload = {
  title: 'Community survey',
  description: 'Three short steps about you and the community.',
  steps: [
    {
      title: 'About you',
      parts: [
        {
          id: 'heardFrom',
          type: 'singleChoice',
          label: 'How did you hear about us?',
          required: true,
          options: [
            { value: 'friend', label: 'A friend' },
            { value: 'social', label: 'Social media' },
            { value: 'event', label: 'An event' },
          ],
        },
        { id: 'eventsAttended', type: 'number', label: 'Events attended this year', required: true, integer: true, min: 0, max: 365 },
      ],
    },
    {
      title: 'Your interests',
      parts: [
        {
          id: 'interests',
          type: 'multipleChoice',
          label: 'Which activities interest you?',
          required: true,
          minSelected: 1,
          maxSelected: 2,
          options: [
            { value: 'sports', label: 'Sports' },
            { value: 'music', label: 'Music' },
            { value: 'games', label: 'Games' },
          ],
        },
        { id: 'satisfaction', type: 'rating', label: 'How happy are you with the community?', required: true },
      ],
    },
    {
      title: 'Almost done',
      parts: [
        { id: 'nextVisit', type: 'date', label: 'Next visit', min: '2024-01-01' },
        { id: 'suggestions', type: 'text', label: 'Any suggestions?', multiline: true, maxLength: 20 },
      ],
    },
  ],
};

export const survey: Questionnaire = {
  id: 3,
  title: 'Community survey',
  pipsToEarn: 15,
  answered: false,
  payload: JSON.stringify(surveyPayload),
};

export const quickPoll: Questionnaire = {
  id: 4,
  title: 'Quick poll',
  pipsToEarn: 1,
  answered: false,
  payload: JSON.stringify({
    title: 'Quick poll',
    steps: [{ parts: [{ id: 'coffee', type: 'singleChoice', label: 'Coffee or tea?', required: true, options: [{ value: 'coffee', label: 'Coffee' }, { value: 'tea', label: 'Tea' }] }] }],
  }),
};

export const answeredPoll: Questionnaire = { id: 5, title: 'Last month poll', pipsToEarn: 5, answered: true, payload: quickPoll.payload };

export const brokenForm: Questionnaire = { id: 6, title: 'Broken form', pipsToEarn: 2, answered: false, payload: '{"title": "Broken", "steps": [' };
