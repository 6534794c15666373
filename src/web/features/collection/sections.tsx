import { Link } from 'react-router';
import type { CollectionView, EarnLinks } from '../../../shared/api/collection';
import { useTranslation } from '../../i18n/react';
import { rafflePath } from '../lottery/raffle-paths';
import './collection.css';

/** Where cards are earned: the campaigns of each kind running now, or "not running now". */
export function EarnCards({ earn }: { earn: EarnLinks }) {
  const { t } = useTranslation('collection');
  const ways = [
    { key: 'checkin', label: t('earnCheckin'), to: earn.checkin && `/webview/check-in?activityId=${earn.checkin}` },
    { key: 'raffle', label: t('earnDraw'), to: earn.raffle && rafflePath('', { activeId: earn.raffle }) },
    { key: 'invite', label: t('earnInvite'), to: earn.invite && `/invite-friends?activityId=${earn.invite}` },
  ];
  return (
    <section className="card" aria-labelledby="collection-earn">
      <h2 id="collection-earn">{t('earnTitle')}</h2>
      <ul className="collection-earn">
        {ways.map((w) => (
          <li key={w.key} className="collection-way">
            <span>
              {w.label}
              <span className="collection-earn-each"> {t('earnEach')}</span>
            </span>
            {w.to ? (
              <Link className="btn btn-secondary collection-earn-go" to={w.to}>
                {t('go')}
              </Link>
            ) : (
              <span className="muted small">{t('notRunning')}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="muted small">{t('earnNote')}</p>
    </section>
  );
}

/** What a complete set is exchanged for, and what happens to it (credited, or shipped after a claim). */
export function SetPrize({ page }: { page: CollectionView }) {
  const { t } = useTranslation('collection');
  const { t: te } = useTranslation('enums');
  const { prize } = page;
  return (
    <section className="card collection-prize" aria-labelledby="collection-prize">
      <h2 id="collection-prize">{t('prizeTitle')}</h2>
      {prize ? (
        <>
          <p className="collection-prize-name">
            {prize.name}
            <span className="badge">{te(`prizeKind.${prize.kind as 1 | 2 | 3 | 4 | 5}`)}</span>
          </p>
          <p className="muted small collection-prize-text">{t(`prizeWhat.${prize.kind as 1 | 2 | 3 | 4 | 5}`, { n: prize.value })}</p>
          <p className="muted small collection-prize-text">{t('prizeText')}</p>
        </>
      ) : (
        <p className="muted">{t('noPrize')}</p>
      )}
    </section>
  );
}
