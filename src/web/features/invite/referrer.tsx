import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { InviteCampaign, InviteSummary } from '../../../shared/api/invite';
import { INVITE_API } from '../../../shared/api/routes-campaigns';
import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../ui/dialog';
import { LocalTime } from '../../ui/local-time';
import { showToast } from '../../ui/toast';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { rafflePath } from '../lottery/raffle-paths';
import { TierLadder } from './tier-ladder';
import './invite.css';

/**
 * The signed-in referrer's coins by state, collecting the released ones, their reward
 * tiers (a claim, after confirmation, ends the inviting) and their friends.
 */
export default function Referrer({ page }: { page: InviteCampaign }) {
  const { t } = useTranslation('campaigns');
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const [summary, setSummary] = useState<InviteSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const [confirming, setConfirming] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` reloads after a collection
  useEffect(() => {
    if (!signedIn) return;
    api
      .call(INVITE_API.summary, { activityId: page.id }, { quiet: true })
      .then(setSummary)
      .catch(() => {});
  }, [signedIn, api, page.id, round]);

  if (!signedIn || !summary)
    return (
      <>
        <TierLadder tiers={page.tiers} />
        <p className="card muted">{t('invite.signIn')}</p>
      </>
    );
  const claimTier = async (tier: number) => {
    setConfirming(null);
    setBusy(true);
    try {
      const r = await api.call(INVITE_API.claimTier, { activityId: page.id, tier, confirm: true });
      showToast(t('tiers.claimed', { prize: r.prize.name }));
      setRound((n) => n + 1);
    } catch {
      // The client showed why (not enough friends, already claimed, sold out).
    } finally {
      setBusy(false);
    }
  };
  const collect = async () => {
    setBusy(true);
    try {
      const r = await api.call(INVITE_API.collect, { activityId: page.id });
      showToast(t('invite.collected', { coins: r.coins }));
      setRound((n) => n + 1);
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  const { coins } = summary;
  return (
    <>
      <section className="card" aria-labelledby="invite-coins">
        <h2 id="invite-coins">{t('invite.coinsTitle')}</h2>
        <dl className="invite-coins">
          {(['pending', 'released', 'received', 'expired'] as const).map((s) => (
            <div key={s} className={`invite-coin invite-${s}`}>
              <dt>{t(`invite.state.${s}`)}</dt>
              <dd>
                {coins[s].coins}
                <span className="muted small"> · {t('invite.friends', { count: coins[s].friends })}</span>
              </dd>
            </div>
          ))}
        </dl>
        <button type="button" className="btn btn-block" disabled={busy || coins.released.coins === 0} onClick={() => void collect()}>
          {t('invite.collect', { coins: coins.released.coins })}
        </button>
      </section>
      <TierLadder tiers={summary.tiers} progress={summary} onClaim={setConfirming} busy={busy} />
      {summary.claim ? (
        <Link className="btn btn-secondary btn-block" to={rafflePath('my-prize', { activeId: page.id })}>
          {t('tiers.myPrize')}
        </Link>
      ) : null}
      {confirming !== null ? (
        <Dialog title={t('tiers.confirmTitle')} onClose={() => setConfirming(null)}>
          <p>{t('tiers.confirmText', { prize: summary.tiers[confirming]?.prize.name ?? '' })}</p>
          <div className="btn-row">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
              {t('tiers.cancel')}
            </button>
            <button type="button" className="btn" onClick={() => void claimTier(confirming)}>
              {t('tiers.confirm')}
            </button>
          </div>
        </Dialog>
      ) : null}
      <section className="card" aria-labelledby="invite-list">
        <h2 id="invite-list">{t('invite.listTitle')}</h2>
        {summary.friends.length === 0 ? (
          <p className="muted">{t('invite.none')}</p>
        ) : (
          <ul className="invite-list">
            {summary.friends.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown as the server sent it
              <li key={i}>
                <span>{f.nickname}</span>
                <span className="muted small">
                  <LocalTime at={f.invitedAt} style="date" />
                </span>
                <span className={`badge invite-${f.state}`}>
                  {t(`invite.state.${f.state}`)} · {f.coins}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
