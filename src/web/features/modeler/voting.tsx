import { useState } from 'react';
import type { Contest, ContestEntry } from '../../../shared/api/modeler';
import { MODELER_API } from '../../../shared/api/routes-programmes';
import { whenSignedIn } from '../accounts/after-sign-in';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { EntryList } from './parts';

/**
 * The voting island: the caller's votes, and a toggle per entry (vote, or take the vote back)
 * while voting is open. Counts shown are those the server answers after each vote.
 */
export default function Voting({ contest }: { contest: Contest }) {
  const api = useSignedInApi();
  const [entries, setEntries] = useState(contest.entries);
  const [busy, setBusy] = useState<number | null>(null);
  const { state, reload } = useSignedInData((a) => a.call(MODELER_API.myVotes, { contestId: contest.id }, { quiet: true }), [contest.id]);
  const voted = new Set(state.status === 'ready' ? state.data.entryIds : []);
  const canVote = contest.state === 'voting';

  const toggle = (e: ContestEntry) => {
    if (state.status === 'signedOut') {
      whenSignedIn('modeler-vote', e.id, () => {});
      return;
    }
    if (busy !== null || state.status !== 'ready') return;
    setBusy(e.id);
    api
      .call(voted.has(e.id) ? MODELER_API.unvote : MODELER_API.vote, { entryId: e.id })
      .then((r) => setEntries((list) => list.map((x) => (x.id === r.entryId ? { ...x, votes: r.votes } : x))))
      .catch(() => {
        // The client said why (voting closed, signed out).
      })
      .finally(() => {
        setBusy(null);
        reload();
      });
  };

  // Until the member's votes are known a tap could not tell a vote from taking one back: the
  // buttons wait (disabled) instead of swallowing it.
  const ready = busy === null && (state.status === 'ready' || state.status === 'signedOut');
  return <EntryList entries={entries} voted={voted} canVote={canVote} onToggle={ready ? toggle : undefined} />;
}
