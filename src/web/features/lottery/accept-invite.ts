import { useEffect } from 'react';
import type { acceptInvite } from '../../../shared/api/lottery-invites';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import type { ApiClient } from '../../api/client';
import { useSignedIn } from '../accounts/login-store';
import { queryId } from './raffle-paths';

const DONE = 'cxy_invite_done';

/**
 * A visitor who came through a friend's invite link (`inviter=`): once they are signed in, tell
 * the server, which decides whether they count (new account, first referrer, new device). Once
 * per campaign on this device, silently: the friend's reward is not the visitor's business.
 */
export function useAcceptInvite(api: Pick<ApiClient, 'call'>, lotteryId: string): void {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    const inviter = queryId(window.location.search, 'inviter');
    if (!inviter) return;
    const key = `${DONE}:${lotteryId}`;
    try {
      if (localStorage.getItem(key)) return;
    } catch {}
    api.call<typeof acceptInvite>(LOTTERY_API.acceptInvite, { lotteryId, inviter }, { quiet: true }).then(
      () => {
        try {
          localStorage.setItem(key, String(inviter));
        } catch {}
      },
      () => {
        // Campaign closed, network: the next visit tries again.
      },
    );
  }, [signedIn, api, lotteryId]);
}
