import fp from 'fastify-plugin';
import type { Mailer } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail (SMTP, console outbox, or a test's memory mailer). Never exposed over HTTP. */
    mailer: Mailer;
  }
}

export default fp<{ mailer: Mailer }>(
  async (app, { mailer }) => {
    app.decorate('mailer', mailer);
  },
  { name: 'mailer' },
);
