import { communitiesOfOperator, setOperatorRole } from '../db/repositories/operators/roles';
import { findUserByEmail, insertVerifiedAccount } from '../db/repositories/users';
import { hashPassword } from '../security/passwords';
import { isValidEmail, normalizeEmail, passwordProblems } from '../security/rules';
import { oneOf, requireCommunity, requiredText } from './args';
import { UsageError, type AdminCommand } from './context';

const ROLES = ['owner', 'editor', 'viewer'] as const;

export const operatorAdd: AdminCommand = {
  name: 'operator:add',
  usage: `operator:add --email <email> --community <id> --role owner|editor|viewer
      Give an account a role in a community for the operator API and console (owner and editor
      write, viewer reads). On the database (the first owner): at once; an address no account
      uses gets a new verified account whose password comes from the OPERATOR_PASSWORD
      environment variable (the member password rules); an existing account keeps its password.
      Run it again to change the role. Through a server: an invitation mailed to the address,
      the role applying once they accept it signed in with that address (7 days).`,
  options: { email: { type: 'string' }, community: { type: 'string' }, role: { type: 'string' } },
  async run(values, ctx) {
    const raw = requiredText(values, 'email', 'operator:add', 320);
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) throw new UsageError(`not a valid e-mail address: ${raw}`);
    const community = await requireCommunity(ctx.db, values, 'operator:add');
    if (typeof values.role !== 'string') throw new UsageError('operator:add needs --role owner|editor|viewer');
    const role = oneOf(values, 'role', ROLES, 'viewer');

    let user = await findUserByEmail(ctx.db, email);
    let created = false;
    if (!user) {
      const password = process.env.OPERATOR_PASSWORD ?? '';
      if (!password) throw new UsageError(`no account uses ${email}: set OPERATOR_PASSWORD to the new operator's password`);
      const problems = passwordProblems(password);
      if (problems.length) throw new UsageError(`OPERATOR_PASSWORD needs ${problems.join(', ')}`);
      const passwordHash = await hashPassword(password, ctx.scryptCost);
      await insertVerifiedAccount(ctx.db, { communityId: community.id, email, firstName: 'Operator', lastName: community.name.slice(0, 100), passwordHash });
      user = (await findUserByEmail(ctx.db, email))!;
      created = true;
    }
    await setOperatorRole(ctx.db, user.id, community.id, role);
    ctx.out(`${created ? 'Created the account' : 'Account'} ${email} (user ${user.id}): ${role} of "${community.name}" (${community.id})`);
    const all = await communitiesOfOperator(ctx.db, user.id);
    ctx.out(`  runs: ${all.map((c) => `${c.name} (${c.role})`).join(', ')}`);
    return 0;
  },
};
