import type { AcceptInviteResult, InviteUsersPage } from '../../shared/api/lottery-invites';
import type { Campaign } from '../campaigns/campaign';
import { assertOpen } from '../campaigns/campaign';
import { earned } from '../campaigns/kinds';
import { grantChances } from '../campaigns/ledger';
import { maskName } from '../campaigns/reports';
import type { Db, Tx } from '../db/database';
import { startReferral } from './referrals';
import { lockReferrer, tierClaimOf } from './tiers';

/** An account counts as new for this long after it was created (and only if created during the campaign). */
export const NEW_ACCOUNT_MS = 7 * 86_400_000;

/**
 * A friend who signed in through an inviter's link: bound to that inviter for the campaign, and
 * the inviter granted the campaign's invite chances, in one transaction. The rules that concurrent
 * calls could race on (first referrer only, one friend per device) are unique constraints of
 * `lottery_invites`: the insert that loses answers why, and nothing else is written.
 */
export async function acceptInvite(
  db: Db,
  c: Campaign<'raffle' | 'invite'>,
  invite: { inviteeId: number; inviterId: number; deviceId: string },
  now = Date.now(),
): Promise<AcceptInviteResult> {
  assertOpen(c, now);
  return db.transaction(async (trx): Promise<AcceptInviteResult> => {
    // Checked first so that a friend opening their link again hears the truth, whatever else holds.
    if (await inviterOf(trx, c.id, invite.inviteeId)) return { bound: false, reason: 'already' };
    if (invite.inviterId === invite.inviteeId) return { bound: false, reason: 'self' };
    // A referrer who claimed a reward tier has stopped inviting: later friends do not count.
    if (c.kind === 'invite' && c.settings.inviteTiers.length > 0) {
      await lockReferrer(db, trx, c.id, invite.inviterId);
      if (await tierClaimOf(trx, c.id, invite.inviterId)) return { bound: false, reason: 'closed' };
    }
    const [inviter, invitee] = await Promise.all([
      trx.selectFrom('users').select('state').where('id', '=', invite.inviterId).executeTakeFirst(),
      trx.selectFrom('users').select('created_at').where('id', '=', invite.inviteeId).executeTakeFirstOrThrow(),
    ]);
    if (inviter?.state !== 'active') return { bound: false, reason: 'inviter' };
    if (invitee.created_at < c.startsAt || invitee.created_at < now - NEW_ACCOUNT_MS) return { bound: false, reason: 'notNew' };
    // Without a device id the one-friend-per-device rule could not hold; our pages always send one.
    if (!invite.deviceId) return { bound: false, reason: 'device' };

    const amount = c.kind === 'invite' ? 0 : c.settings.inviteChances;
    const row = await trx
      .insertInto('lottery_invites')
      .values({
        campaign_id: c.id,
        inviter_id: invite.inviterId,
        invitee_id: invite.inviteeId,
        device_id: invite.deviceId,
        chances_granted: amount,
        created_at: now,
      })
      // No target: either unique constraint (friend, device) makes this a no-op. On PostgreSQL a
      // concurrent insert of the same key waits for the other transaction and then yields to it.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return { bound: false, reason: (await inviterOf(trx, c.id, invite.inviteeId)) ? 'already' : 'device' };
    await earned(db, trx, invite.inviterId, `invite:${row.id}`, now);
    // An invite-friends campaign pays coins through the referral states; a raffle grants chances, keyed
    // by the friend so a friend is paid for once even if a grant were retried.
    if (c.kind === 'invite') await startReferral(trx, c, row.id, now);
    else
      await grantChances(
        trx,
        { campaignId: c.id, userId: invite.inviterId, amount, reason: 'invite', key: `invite:${invite.inviteeId}` },
        now,
      );
    return { bound: true };
  });
}

async function inviterOf(db: Tx, campaignId: number, inviteeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('lottery_invites')
    .select('inviter_id')
    .where('campaign_id', '=', campaignId)
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  return row?.inviter_id ?? null;
}

/** The inviter's own friends in the campaign, newest first; nicknames masked as on the marquee. */
export async function invitedFriends(
  db: Db,
  c: Campaign<'raffle'>,
  inviterId: number,
  q: { page: number; pageSize: number },
): Promise<InviteUsersPage> {
  const mine = db.kysely.selectFrom('lottery_invites').where('campaign_id', '=', c.id).where('inviter_id', '=', inviterId);
  const [rows, total] = await Promise.all([
    mine
      .innerJoin('users', 'users.id', 'lottery_invites.invitee_id')
      .select(['users.nickname', 'users.avatar_url', 'lottery_invites.created_at', 'lottery_invites.chances_granted'])
      .orderBy('lottery_invites.created_at', 'desc')
      .orderBy('lottery_invites.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    mine.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      nickname: maskName(r.nickname),
      avatarUrl: r.avatar_url || null,
      invitedAt: r.created_at,
      chancesGranted: r.chances_granted,
    })),
    total: Number(total.n),
    page: q.page,
    pageSize: q.pageSize,
    chancesPerInvite: c.settings.inviteChances,
  };
}
