import { RefusedError } from './context';
import type { RemoteContext } from './remote/client';

/**
 * The communities the account signed in to a running server runs, with its role in each: none
 * when the operator API refuses it (403 FORBIDDEN: it runs no community).
 */
export async function runCommunities<T>(ctx: RemoteContext): Promise<T[]> {
  try {
    return (await ctx.call<{ communities: T[] }>('GET', '/admin/communities')).communities;
  } catch (error) {
    if (error instanceof RefusedError && error.code === 'FORBIDDEN') return [];
    throw error;
  }
}
