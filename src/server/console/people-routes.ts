import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/console-people';
import { may } from '../../shared/console-access';
import { ResultCode } from '../../shared/errors';
import { coinBalance, moveCoins } from '../campaigns/ledger';
import { AppError } from '../http/app-error';
import { endpoint } from '../http/envelope';
import { requireMay } from './access';
import { auditOf } from './audit';
import { personDetail, searchPeople } from './people';

/**
 * The People section's API. Any staff member may find and read members (contacts masked unless
 * they are support staff or admins); signing a member out and adjusting coins are support's.
 * Blocking and roles are the accounts admin update's (accounts/routes.ts).
 */
export function registerPeopleRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const k = db.kysely;

  async function viewer(request: FastifyRequest) {
    const staff = await requireMay(accounts, request, 'view', { type: 'area', area: 'people' });
    return { masked: !may(staff.grants, 'view', { type: 'area', area: 'support' }), grants: staff.grants };
  }
  const changer = (request: FastifyRequest) => requireMay(accounts, request, 'change', { type: 'area', area: 'people' });
  async function existing(userId: number) {
    if (!(await k.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst())) throw new AppError(ResultCode.notFound);
  }

  endpoint(app, contract.peopleSearch, async (input, request) => {
    const { masked } = await viewer(request);
    return { items: await searchPeople(k, input.q, { masked, limit: input.limit }), masked };
  });

  endpoint(app, contract.person, async (input, request) => {
    const { masked, grants } = await viewer(request);
    const found = await personDetail(k, input.userId, { masked, locale: request.ctx.locale, now: Date.now() });
    if (!found) throw new AppError(ResultCode.notFound);
    return {
      ...found,
      may: {
        support: may(grants, 'change', { type: 'area', area: 'people' }),
        roles: may(grants, 'change', { type: 'area', area: 'roles' }),
      },
    };
  });

  endpoint(app, contract.personSignOut, async (input, request) => {
    await changer(request);
    await existing(input.userId);
    const audit = auditOf(request, 'user.signOut', 'user');
    const now = Date.now();
    const signedOut = await db.transaction(
      async (trx) => {
        const r = await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', input.userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        const n = Number(r.numUpdatedRows);
        await audit(trx, { itemId: input.userId, before: { activeSessions: n }, after: { activeSessions: 0 } });
        return n;
      },
      // Revoking what is still live: run again, nothing more changes (bar a second audit row).
      { idempotent: true },
    );
    return { signedOut };
  });

  endpoint(app, contract.personCoins, async (input, request) => {
    await changer(request);
    await existing(input.userId);
    const audit = auditOf(request, 'user.coins', 'user');
    // The form's key, within this member: a repeat finds the movement the first one made.
    const key = `admin:${input.userId}:${input.key}`;
    const done = (trx: typeof k) => trx.selectFrom('coin_ledger').select('id').where('business_key', '=', key).executeTakeFirst();
    return db.transaction(
      async (trx) => {
        const before = await coinBalance(trx, input.userId);
        if (await done(trx)) return { balance: before, applied: false };
        const moved = await moveCoins(
          trx,
          { userId: input.userId, delta: input.delta, reason: 'admin', key, note: input.reason },
          Date.now(),
        );
        if (!moved) {
          // Another request with this key got there first, or the balance is too small to take from.
          if (await done(trx)) return { balance: await coinBalance(trx, input.userId), applied: false };
          throw new AppError(ResultCode.insufficientCoins);
        }
        const after = await coinBalance(trx, input.userId);
        await audit(trx, {
          itemId: input.userId,
          before: { coins: before },
          after: { coins: after, delta: input.delta, reason: input.reason },
        });
        return { balance: after, applied: true };
      },
      { idempotent: true },
    );
  });
}
