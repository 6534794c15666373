/**
 * Operator commands on the database of DATABASE_URL (run: `npm run admin -- <command>`):
 *   user:create --email a@b.c | --phone +8613800138000 [--password P] [--nickname N]
 *   user:role --user <id> --role admin|staff|group_owner --scope '*'|venue:cd16|activity:12
 *   user:level --user <id> --level <0-100>   (the platform's user level; invite coins waiting on it move at once)
 * The first admin of a new installation is made with these; later ones through the admin API.
 */
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/server/accounts/password';
import * as store from '../src/server/accounts/store';
import type { RoleName } from '../src/server/db/schema';
import { advanceReferrals } from '../src/server/invite/referrals';
import { isPasswordValid, normaliseEmail, normalisePhone, PASSWORD_RULE } from '../src/shared/rules';
import { openCliDatabase } from './cli-database';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    nickname: { type: 'string' },
    user: { type: 'string' },
    role: { type: 'string' },
    scope: { type: 'string' },
    level: { type: 'string' },
  },
});

const { db } = await openCliDatabase();
const now = Date.now();
try {
  if (command === 'user:create') {
    const email = values.email ? normaliseEmail(values.email) : null;
    const phone = values.phone ? normalisePhone(values.phone) : null;
    if (!email && !phone) throw new Error('give a valid --email or --phone (+country code)');
    // The same rule as the site: an operator's shortcut must not make a weaker password.
    if (values.password && !isPasswordValid(values.password))
      throw new Error(`--password must be ${PASSWORD_RULE.min}-${PASSWORD_RULE.max} printable characters with letters and digits`);
    const kind = email ? 'email' : 'phone';
    const value = (email ?? phone) as string;
    const existing = await store.identityOf(db.kysely, kind, value);
    const userId =
      existing?.user_id ??
      (await store.createUser(db.kysely, { nickname: values.nickname ?? value.split('@')[0] ?? 'Maker', locale: 'en' }, now));
    if (!existing) await store.addIdentity(db.kysely, userId, kind, value, now);
    if (values.password) await store.setPassword(db.kysely, userId, await hashPassword(values.password), now);
    console.log(JSON.stringify({ userId, [kind]: value, created: !existing }));
  } else if (command === 'user:role') {
    const userId = Number(values.user);
    const role = values.role as RoleName;
    if (!Number.isInteger(userId) || !['admin', 'staff', 'group_owner'].includes(role) || !values.scope)
      throw new Error('give --user <id> --role admin|staff|group_owner --scope <scope>');
    await store.addRole(db.kysely, userId, role, values.scope, now);
    console.log(JSON.stringify({ userId, role, scope: values.scope }));
  } else if (command === 'user:level') {
    const userId = Number(values.user);
    const level = Number(values.level);
    if (!Number.isInteger(userId) || !Number.isInteger(level) || level < 0 || level > 100)
      throw new Error('give --user <id> --level <0-100>');
    if (!(await store.userById(db.kysely, userId))) throw new Error(`no user ${userId}`);
    await store.updateUser(db.kysely, userId, { level }, now);
    const moved = await advanceReferrals(db, now, userId);
    console.log(JSON.stringify({ userId, level, ...moved }));
  } else {
    throw new Error(`unknown command ${command ?? ''}: user:create, user:role, user:level`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
