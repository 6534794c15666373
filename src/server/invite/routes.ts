import type { FastifyInstance } from 'fastify';
import * as invite from '../../shared/api/invite';
import * as contract from '../../shared/api/lottery-invites';
import { requireUser } from '../accounts/auth';
import { assertAppVersion } from '../campaigns/app-version';
import { campaignOr404 } from '../campaigns/campaign';
import { prizeView } from '../campaigns/wins';
import { endpoint } from '../http/envelope';
import { acceptInvite, invitedFriends } from './invites';
import { collectReferralCoins, inviteSummary } from './referrals';
import { claimTier } from './tiers';

/** Invited friends of a raffle campaign: both POST, so the app's CSRF rule covers them as it does receiveAward. */
export function registerInviteRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;

  endpoint(
    app,
    contract.lotteryInviteUsers,
    async (input, request) => {
      const { userId } = await requireUser(accounts, request);
      return invitedFriends(db, await campaignOr404(db, input.lotteryId, 'raffle'), userId, input);
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );

  endpoint(app, invite.summary, async (q, request) => {
    const { userId } = await requireUser(accounts, request);
    return inviteSummary(db, await campaignOr404(db, q.activityId, 'invite'), userId, request.ctx.locale);
  });

  endpoint(
    app,
    invite.collect,
    async (input, request) => {
      const { userId } = await requireUser(accounts, request);
      const c = await campaignOr404(db, input.activityId, 'invite');
      assertAppVersion(c, request.headers['user-agent']);
      return collectReferralCoins(db, c, userId);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  endpoint(
    app,
    invite.claimTier,
    async (input, request) => {
      const { userId } = await requireUser(accounts, request);
      const c = await campaignOr404(db, input.activityId, 'invite');
      assertAppVersion(c, request.headers['user-agent']);
      const out = await claimTier(db, c, userId, input.tier);
      return { tier: out.tier, winId: out.winId, prize: prizeView(out.prize, request.ctx.locale) };
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  endpoint(
    app,
    contract.acceptInvite,
    async (input, request) => {
      const { userId } = await requireUser(accounts, request);
      // Raffles and invite-friends campaigns bind friends the same way; only the reward differs.
      const c = await campaignOr404(db, input.lotteryId, 'raffle').catch(() => campaignOr404(db, input.lotteryId, 'invite'));
      assertAppVersion(c, request.headers['user-agent']);
      const out = await acceptInvite(db, c, { inviteeId: userId, inviterId: input.inviter, deviceId: request.ctx.duid });
      // Refusals are answered quietly to the page; the log keeps them for abuse reviews.
      if (!out.bound) request.log.info({ userId, inviterId: input.inviter, campaignId: c.id, reason: out.reason }, 'invite not bound');
      return out;
    },
    // A person accepts once; tight enough to stop a script cycling accounts through one address.
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
}
