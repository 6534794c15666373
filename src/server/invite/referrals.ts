import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { CoinState, InviteCampaign, InviteSummary } from '../../shared/api/invite';
import type { Locale } from '../../shared/i18n';
import { type Campaign, campaignHead } from '../campaigns/campaign';
import { moveCoins } from '../campaigns/ledger';
import { maskName } from '../campaigns/reports';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { inviteTiers, qualifiedFriends, tierClaimOf } from './tiers';

type WhereInvites = UpdateQueryBuilder<Database, 'lottery_invites', 'lottery_invites', UpdateResult>;

/** Records the moves a guarded update made (once per invite and state: the key says so). */
async function recordMoves(trx: Tx, ids: number[], state: CoinState, now: number) {
  for (let i = 0; i < ids.length; i += 500) {
    await trx
      .insertInto('referral_events')
      .values(ids.slice(i, i + 500).map((id) => ({ invite_id: id, state, created_at: now })))
      .onConflict((oc) => oc.columns(['invite_id', 'state']).doNothing())
      .execute();
  }
}

/** A friend just bound in an invite-friends campaign: their coins start pending (same transaction). */
export async function startReferral(trx: Tx, c: Campaign<'invite'>, inviteId: number, now: number) {
  await trx
    .updateTable('lottery_invites')
    .set({ coin_state: 'pending', coins: c.settings.inviteCoins })
    .where('id', '=', inviteId)
    .execute();
  await recordMoves(trx, [inviteId], 'pending', now);
}

/**
 * The time- and level-driven moves, for every invite-friends campaign (run by a job on every
 * instance; each move is a guarded update, so two runners at once move each invite once):
 * pending → released when the friend reached the campaign's level while it runs and the referrer
 * is in good standing; pending → expired when the campaign has ended (after releasing those who
 * reached the level before the end); pending or released → expired when the referrer is blocked.
 * Expired coins never move again. Returns the counts.
 * `onlyUser` limits the moves to invites that user is part of (run at once when staff change
 * their level or standing, so a friend's coins are released without waiting for the job).
 */
export async function advanceReferrals(db: Db, now = Date.now(), onlyUser?: number) {
  const counts = { released: 0, expired: 0 };
  const involving = <QB extends WhereInvites>(qb: QB): QB =>
    onlyUser === undefined ? qb : (qb.where((eb) => eb.or([eb('inviter_id', '=', onlyUser), eb('invitee_id', '=', onlyUser)])) as QB);
  const campaigns = await db.kysely
    .selectFrom('lottery_campaigns')
    .select(['id', 'ends_at', 'settings'])
    .where('kind', '=', 'invite')
    .execute();
  for (const c of campaigns) {
    const level = (JSON.parse(c.settings) as { releaseLevel?: number }).releaseLevel ?? 2;
    await db.transaction(async (trx) => {
      const blocked = await involving(trx.updateTable('lottery_invites'))
        .set({ coin_state: 'expired' })
        .where('campaign_id', '=', c.id)
        .where('coin_state', 'in', ['pending', 'released'])
        .where('inviter_id', 'in', (eb) => eb.selectFrom('users').select('id').where('state', '=', 'blocked'))
        .returning('id')
        .execute();
      await recordMoves(
        trx,
        blocked.map((r) => r.id),
        'expired',
        now,
      );
      const ended = c.ends_at <= now;
      // Release before expiring: the first run after the end (up to a minute later) still owes
      // the coins of friends who reached the level while the event ran. "Before the end" is their
      // account unchanged since then: every level change stamps `updated_at` (and moves that
      // user's coins at once), so a level given after the end never releases.
      const released = await involving(trx.updateTable('lottery_invites'))
        .set({ coin_state: 'released' })
        .where('campaign_id', '=', c.id)
        .where('coin_state', '=', 'pending')
        .where('invitee_id', 'in', (eb) => {
          const atLevel = eb.selectFrom('users').select('id').where('level', '>=', level);
          return ended ? atLevel.where('updated_at', '<=', c.ends_at) : atLevel;
        })
        .where('inviter_id', 'in', (eb) => eb.selectFrom('users').select('id').where('state', '=', 'active'))
        .returning('id')
        .execute();
      await recordMoves(
        trx,
        released.map((r) => r.id),
        'released',
        now,
      );
      const expired = ended
        ? await involving(trx.updateTable('lottery_invites'))
            .set({ coin_state: 'expired' })
            .where('campaign_id', '=', c.id)
            .where('coin_state', '=', 'pending')
            .returning('id')
            .execute()
        : [];
      await recordMoves(
        trx,
        expired.map((r) => r.id),
        'expired',
        now,
      );
      counts.expired += blocked.length + expired.length;
      counts.released += released.length;
    });
  }
  return counts;
}

/** The referrer collects their released coins: released → received, each paid once (its own key). */
export async function collectReferralCoins(db: Db, c: Campaign<'invite'>, referrerId: number, now = Date.now()) {
  return db.transaction(async (trx) => {
    const taken = await trx
      .updateTable('lottery_invites')
      .set({ coin_state: 'received' })
      .where('campaign_id', '=', c.id)
      .where('inviter_id', '=', referrerId)
      .where('coin_state', '=', 'released')
      .returning(['id', 'coins'])
      .execute();
    for (const t of taken) {
      if (t.coins > 0) await moveCoins(trx, { userId: referrerId, delta: t.coins, reason: 'referral', key: `referral:${t.id}` }, now);
    }
    await recordMoves(
      trx,
      taken.map((t) => t.id),
      'received',
      now,
    );
    return { collected: taken.length, coins: taken.reduce((s, t) => s + t.coins, 0) };
  });
}

/** The referrer's coins by state in a campaign (what the page sums up). */
export async function referralSummary(db: Db, c: Campaign<'invite'>, referrerId: number) {
  const rows = await db.kysely
    .selectFrom('lottery_invites')
    .select(['coin_state', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('coins').as('coins')])
    .where('campaign_id', '=', c.id)
    .where('inviter_id', '=', referrerId)
    .groupBy('coin_state')
    .execute();
  const by = (s: CoinState) => rows.find((r) => r.coin_state === s);
  const pick = (s: CoinState) => ({ friends: Number(by(s)?.n ?? 0), coins: Number(by(s)?.coins ?? 0) });
  return { pending: pick('pending'), released: pick('released'), received: pick('received'), expired: pick('expired') };
}

/** An invite-friends campaign as everyone sees it: head, coins per friend, level and tiers. */
export async function inviteCampaign(db: Db, c: Campaign<'invite'>, locale: Locale, now = Date.now()): Promise<InviteCampaign> {
  return {
    ...campaignHead(c, locale, now),
    inviteCoins: c.settings.inviteCoins,
    releaseLevel: c.settings.releaseLevel,
    tiers: await inviteTiers(db, c, locale),
    minAppVersion: c.settings.minAppVersion,
  };
}

/** The referrer's page: the campaign, their coins by state, their tier progress and latest friends. */
export async function inviteSummary(
  db: Db,
  c: Campaign<'invite'>,
  referrerId: number,
  locale: Locale,
  now = Date.now(),
): Promise<InviteSummary> {
  const [campaign, coins, qualified, claim, friends] = await Promise.all([
    inviteCampaign(db, c, locale, now),
    referralSummary(db, c, referrerId),
    qualifiedFriends(db.kysely, c.id, referrerId),
    tierClaimOf(db.kysely, c.id, referrerId),
    db.kysely
      .selectFrom('lottery_invites')
      .innerJoin('users', 'users.id', 'lottery_invites.invitee_id')
      .select(['users.nickname', 'lottery_invites.created_at', 'lottery_invites.coin_state', 'lottery_invites.coins'])
      .where('lottery_invites.campaign_id', '=', c.id)
      .where('lottery_invites.inviter_id', '=', referrerId)
      .orderBy('lottery_invites.created_at', 'desc')
      .orderBy('lottery_invites.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    ...campaign,
    coins,
    qualified,
    claim: claim ? { tier: claim.tier, friends: claim.friends, winId: String(claim.win_id), claimedAt: Number(claim.created_at) } : null,
    friends: friends.map((f) => ({
      nickname: maskName(f.nickname),
      invitedAt: f.created_at,
      state: (f.coin_state ?? 'pending') as CoinState,
      coins: f.coins,
    })),
  };
}
