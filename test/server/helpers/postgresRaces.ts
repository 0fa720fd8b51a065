import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../../server/db/schema';

/** One statement on the test PostgreSQL outside any pool (create or drop a test's schema). */
export async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A verified member inserted straight into the database (no sign-up round trips before a race),
 * `pips` credited through the ledger, and a session started on `app`.
 */
export async function insertVerifiedMember(db: Kysely<Database>, app: FastifyInstance, communityId: string, pips: number) {
  const user = await db
    .insertInto('users')
    .values({
      community_id: communityId,
      email: `racer.${randomBytes(6).toString('hex')}@example.com`,
      first_name: 'Race',
      last_name: 'Condition',
      phone: '',
      day_of_birth: null,
      guardian_consent_at: null,
      custom_terms_accepted: true,
      password_hash: null,
      is_verified: true,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (pips > 0) {
    await db.transaction().execute((trx) =>
      app.ledger.post(trx, { userId: user.id, delta: pips, kind: 'adjustment', sourceId: null, title: 'Start', reason: 'test' }),
    );
  }
  const tokens = await app.sessions.start(user.id);
  return { userId: user.id, ...tokens };
}
