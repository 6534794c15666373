import { useEffect, useState } from 'react';
import type { AcceptInviteResult } from '../../../shared/api/lottery-invites';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { track } from '../../analytics/track';
import type { ApiClient } from '../../api/client';
import { useSignedIn } from '../accounts/login-store';
import { queryId } from './raffle-paths';

const DONE = 'cxy_invite_done';

export type InviteAnswer = AcceptInviteResult | 'earlier' | 'none' | null;

/**
 * A visitor who came through a friend's invite link (`inviter=`): once they are signed in, tell
 * the server, which decides whether they count (new account, first referrer, new device). Once
 * per campaign on this device. Returns the server's answer for pages that show it ('earlier' when
 * this device answered before, 'none' without an inviter; null until then); the raffle's share
 * island stays silent.
 */
export function useAcceptInvite(api: Pick<ApiClient, 'call'>, lotteryId: string): InviteAnswer {
  const signedIn = useSignedIn();
  const [answer, setAnswer] = useState<InviteAnswer>(null);
  useEffect(() => {
    if (!signedIn) return;
    const inviter = queryId(window.location.search, 'inviter');
    if (!inviter) {
      setAnswer('none');
      return;
    }
    const key = `${DONE}:${lotteryId}`;
    try {
      if (localStorage.getItem(key)) {
        setAnswer('earlier');
        return;
      }
    } catch {}
    api.call(LOTTERY_API.acceptInvite, { lotteryId, inviter }, { quiet: true }).then(
      (r) => {
        track('FriendJoin', { activityId: lotteryId, bound: r.bound });
        setAnswer(r);
        try {
          localStorage.setItem(key, String(inviter));
        } catch {}
      },
      () => {
        // Campaign closed, network: the next visit tries again.
      },
    );
  }, [signedIn, api, lotteryId]);
  return answer;
}
