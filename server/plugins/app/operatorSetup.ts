import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { removeSetupToken } from '../../db/dataDirLock';
import { createCommunity, joinLink } from '../../db/repositories/communities';
import { writeAudit } from '../../db/repositories/operators/audit';
import { setOperatorRole } from '../../db/repositories/operators/roles';
import { anyOperator, replaceSetupToken, setupTokenForUpdate, useUpSetupTokens } from '../../db/repositories/setupTokens';
import { findUserByEmail, insertVerifiedAccount } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { isValidEmail, normalizeEmail, passwordProblems } from '../../security/rules';
import { hashToken, newToken } from '../../security/tokens';

/** How long a setup link works. */
export const SETUP_HOURS = 24;

/** The setup page's link (the app's `/setup`, src/routing/paths.ts) a server with no operator prints at start. */
export const setupLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/setup?token=${token}`;

/** The CLI line a server with no operator prints at start, its token in. */
export const setupCommand = (token: string) => `npm run admin -- setup --token ${token} --name "<community name>" --email <you@example.org>`;

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 400, 'This setup token does not work: it was used, it expired, or the server has an operator already. Restart the server for a new one while it has none.');

/**
 * Setting up a running server (issue 49). While no account runs a community, each start issues a
 * one-time token (`issueIfNoOperator`, printed by server/main.ts); with it, `setup`
 * creates the first community and its owner without stopping anything. The token dies on use,
 * after 24 hours, at the next start, and once any operator exists. The first actions are audited:
 * the community's creation and its first owner.
 */
export interface OperatorSetupService {
  /** A new setup token when no operator exists yet (the previous unused one stops working); null otherwise. */
  issueIfNoOperator(): Promise<string | null>;
  setup(input: Schema<'AdminSetup'>): Promise<Schema<'AdminSetupDone'>>;
}

export function createOperatorSetupService(deps: { db: Kysely<Database>; now: () => Date; publicUrl: string; scryptCost: number; dataDir?: string }): OperatorSetupService {
  const { db, now } = deps;
  return {
    async issueIfNoOperator() {
      if (await anyOperator(db)) return null;
      const token = newToken();
      const at = now();
      await replaceSetupToken(db, { tokenHash: hashToken(token), at, expiresAt: new Date(at.getTime() + SETUP_HOURS * 3600_000) });
      return token;
    },

    async setup(input) {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', 400, 'Please enter a valid email address.');
      const existing = await findUserByEmail(db, email);
      if (existing) {
        // The address's account joins as owner only with its own password.
        if (!existing.password_hash || !(await verifyPassword(input.password, existing.password_hash))) {
          throw new AppError('INVALID_CREDENTIALS', 401, 'An account uses this e-mail address: give its password.');
        }
      } else {
        const problems = passwordProblems(input.password);
        if (problems.length > 0) throw new AppError('WEAK_PASSWORD', 400, `The password needs ${problems.join(', ')}.`);
      }
      // Hashed before the transaction: scrypt takes long, and PGlite has one connection.
      const passwordHash = existing ? null : await hashPassword(input.password, deps.scryptCost);
      const done = await db.transaction().execute(async (trx) => {
        const token = await setupTokenForUpdate(trx, hashToken(input.token));
        const at = now();
        if (!token || token.usedAt !== null || new Date(token.expiresAt).getTime() <= at.getTime() || (await anyOperator(trx))) throw invalidToken();
        const community = await createCommunity(trx, input.community.trim());
        let userId = existing?.id;
        if (userId === undefined) {
          await insertVerifiedAccount(trx, { communityId: community.id, email, firstName: 'Operator', lastName: community.name.slice(0, 100), passwordHash: passwordHash! });
          userId = (await findUserByEmail(trx, email))!.id;
        }
        await setOperatorRole(trx, userId, community.id, 'owner');
        await useUpSetupTokens(trx, at);
        await writeAudit(trx, { operatorId: userId, communityId: community.id, action: 'community.create', entity: 'community', entityId: community.id, before: null, after: { name: community.name } });
        await writeAudit(trx, { operatorId: userId, communityId: community.id, action: 'operator.add', entity: 'operator', entityId: userId, before: null, after: { email, role: 'owner', setup: true } });
        return { communityId: community.id, name: community.name, joinLink: joinLink(deps.publicUrl, community.id), email, accountCreated: existing === undefined };
      });
      if (deps.dataDir && !deps.dataDir.includes('://')) removeSetupToken(deps.dataDir);
      return done;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorSetup: OperatorSetupService;
  }
}

export default fp(
  async (app) => {
    app.decorate('operatorSetup', createOperatorSetupService({ db: app.db, now: app.now, publicUrl: app.config.publicUrl, scryptCost: app.config.scryptCost, dataDir: app.config.dataDir }));
  },
  { name: 'operatorSetup', dependencies: ['db', 'core'] },
);
