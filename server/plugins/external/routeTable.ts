import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Method and path patterns of every route, for telling 404 from 405 (and 414). */
    routeTable: { method: string; pattern: RegExp }[];
  }
}

/** '/web/community/:communityId' -> /^\/web\/community\/[^/]+\/?$/ */
export function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * Records every route's method and path pattern as it is added. Registered before any route, so
 * the table holds them all (the API's operations, the images, the operations endpoints).
 * Catch-all routes (the static files, the API prefixes' misses) say nothing about which methods
 * a path allows and are left out.
 */
export default fp(
  async (app) => {
    app.decorate('routeTable', [] as { method: string; pattern: RegExp }[]);
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) app.routeTable.push({ method: method.toUpperCase(), pattern: routePattern(route.url) });
    });
  },
  { name: 'routeTable' },
);
