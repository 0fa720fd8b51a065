import fp from 'fastify-plugin';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The clock every service reads; tests may replace it to move time. */
    now: () => Date;
  }
}

export default fp<{ config: Config; now: () => Date }>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('now', now);
  },
  { name: 'core' },
);
