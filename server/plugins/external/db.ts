import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Kysely database; opened and closed by whoever built the app (main.ts or a test). */
    db: Kysely<Database>;
  }
}

export default fp<{ db: Kysely<Database> }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
