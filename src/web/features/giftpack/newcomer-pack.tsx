import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NewcomerOffer } from '../../../shared/api/giftpack';
import type { MyPrizeView } from '../../../shared/api/lottery';
import { GIFTPACK_API } from '../../../shared/api/routes-campaigns';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useHydrated } from '../content/hydrated';
import { CampaignPeriod } from '../lottery/campaign-frame';
import { rafflePath } from '../lottery/raffle-paths';
import { StateBadge } from '../lottery/state-badge';
import './gift-pack.css';

/**
 * The newcomer gift pack (first-time users only): what it holds, and for a signed-in
 * member whether they can still claim it. One tap claims every gift; the server decides.
 */
export default function NewcomerPack({ offer }: { offer: NewcomerOffer }) {
  const { t } = useTranslation('campaigns');
  const e = useTranslation('enums');
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const [status, setStatus] = useState(offer.status);
  const [gifts, setGifts] = useState<MyPrizeView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const action = `newcomer:${offer.id}`;

  useEffect(() => {
    if (!signedIn) return;
    api
      .call(GIFTPACK_API.newcomer, { activityId: offer.id }, { quiet: true })
      .then((o) => setStatus(o.status))
      .catch(() => {});
  }, [signedIn, api, offer.id]);

  const claim = async () => {
    setBusy(true);
    try {
      setGifts(await api.call(GIFTPACK_API.claimNewcomer, { activityId: offer.id }));
      setStatus('claimed');
    } catch {
      // The client showed why (not a new account, pack closed).
    } finally {
      setBusy(false);
    }
  };
  useResume<null>(action, () => void claim());

  return (
    <section className="card newcomer" aria-labelledby="newcomer-title">
      <StateBadge info={offer} />
      <h2 id="newcomer-title">{offer.title}</h2>
      <CampaignPeriod page={offer} />
      <ul className="newcomer-gifts">
        {offer.prizes.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong> <span className="muted small">{e.t(`prizeKind.${p.kind as 1 | 2 | 3 | 4 | 5}`)}</span>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('newcomer.who', { days: offer.newcomerDays })}</p>
      {gifts ? (
        <p className="notice" role="status">
          {t('newcomer.done', { count: gifts.length })}
        </p>
      ) : status === 'claimed' ? (
        <p className="notice">{t('newcomer.claimed')}</p>
      ) : status === 'notNew' ? (
        <p className="notice">{t('newcomer.notNew')}</p>
      ) : status === 'closed' ? (
        <p className="notice">{t('newcomer.closed')}</p>
      ) : (
        <button
          type="button"
          className="btn btn-block"
          disabled={!hydrated || busy}
          onClick={() => whenSignedIn(action, null, () => void claim())}
        >
          {t('newcomer.claim')}
        </button>
      )}
      {status === 'claimed' ? (
        <Link className="btn btn-secondary btn-block" to={rafflePath('my-prize', { activeId: offer.id })}>
          {t('newcomer.myGifts')}
        </Link>
      ) : null}
    </section>
  );
}
