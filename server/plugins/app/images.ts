import fp from 'fastify-plugin';
import { findImage } from '../../db/repositories/images';
import { AppError } from '../../errors';

const NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * GET /images/<sha256>.<ext>: the operator's images (set with the CLI's --image), from the
 * database. The name is the hash of the bytes, so the answer never changes: cached for a year.
 */
export default fp(
  async (app) => {
    app.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
      const match = NAME.exec(request.params.name);
      const image = match ? await findImage(app.db, match[1]) : undefined;
      if (!match || !image || image.content_type !== TYPES[match[2]]) throw new AppError('NOT_FOUND', 404, 'No such image.');
      const etag = `"${match[1]}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .type(image.content_type);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(Buffer.from(image.bytes));
    });
  },
  { name: 'images', dependencies: ['db'] },
);
