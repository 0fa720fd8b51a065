import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../server/db/repositories/hot';
import type { Database } from '../../../server/db/schema';
import { mapError } from '../../../server/plugins/app/errorHandler';

/** A database handle whose statements answer in turn: an Error to throw or a row's `r`. */
function fakeDb(answers: Array<Error | number>, isTransaction = false) {
  const executeQuery = vi.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return { rows: [{ r: next }] };
  });
  return { db: { isTransaction, executeQuery } as unknown as Kysely<Database>, executeQuery };
}

const conflict = (code: string) => Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize access'), { code });

describe('a hot statement that meets a deadlock or a serialization failure', () => {
  it.each(['40P01', '40001'])('is sent once more on its own (%s): PostgreSQL rolled all of it back', async (code) => {
    const { db, executeQuery } = fakeDb([conflict(code), 7]);
    await expect(sessionUser(db, 'hash', new Date())).resolves.toBe(7);
    expect(executeQuery).toHaveBeenCalledTimes(2);
  });

  it('is not sent again inside a transaction (the transaction is aborted), nor a third time', async () => {
    const inTransaction = fakeDb([conflict('40P01'), 7], true);
    await expect(sessionUser(inTransaction.db, 'hash', new Date())).rejects.toMatchObject({ code: '40P01' });
    expect(inTransaction.executeQuery).toHaveBeenCalledTimes(1);
    const twice = fakeDb([conflict('40P01'), conflict('40P01'), 7]);
    await expect(sessionUser(twice.db, 'hash', new Date())).rejects.toMatchObject({ code: '40P01' });
    expect(twice.executeQuery).toHaveBeenCalledTimes(2);
  });

  it('answers 503 in the envelope, to try again, instead of a 500', () => {
    expect(mapError(conflict('40P01'))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 1 });
    expect(mapError(conflict('40001'))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(mapError(Object.assign(new Error('other'), { code: '23505' }))?.status).not.toBe(503);
  });
});
