import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';

/** Parses application/x-www-form-urlencoded bodies (most calls of the contract use them). */
export default fp<{ bodyLimit: number }>(
  async (app, { bodyLimit }) => {
    await app.register(formbody, { bodyLimit });
  },
  { name: 'formbody' },
);
