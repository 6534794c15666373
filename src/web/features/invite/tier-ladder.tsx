import type { InviteSummary, InviteTier } from '../../../shared/api/invite';
import { useTranslation } from '../../i18n/react';
import './invite.css';

/**
 * The reward tiers: friends needed and the prize of each. With the referrer's progress
 * it marks the tiers reached, the one claimed, and offers the claim of a reached tier in stock
 * (`onClaim`; the page asks for confirmation first, since claiming ends the inviting).
 */
export function TierLadder({
  tiers,
  progress,
  onClaim,
  busy,
}: {
  tiers: InviteTier[];
  progress?: Pick<InviteSummary, 'qualified' | 'claim'>;
  onClaim?: (tier: number) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const e = useTranslation('enums');
  if (tiers.length === 0) return null;
  const qualified = progress?.qualified ?? 0;
  return (
    <section className="card" aria-labelledby="tiers-title">
      <h2 id="tiers-title">{t('tiers.title')}</h2>
      {progress ? <p className="tiers-progress">{t('tiers.progress', { count: qualified })}</p> : null}
      <ol className="tiers">
        {tiers.map((tier, i) => {
          const claimed = progress?.claim?.tier === i;
          const reached = !!progress && qualified >= tier.friends;
          const state = claimed ? 'claimed' : !tier.inStock ? 'soldOut' : reached ? 'reached' : 'open';
          return (
            <li key={tier.prize.id} className={`tier tier-${state}`}>
              <div className="tier-goal">
                <strong>{t('tiers.goal', { count: tier.friends })}</strong>
                <span>
                  {tier.prize.name} <span className="muted small">{e.t(`prizeKind.${tier.prize.kind as 1 | 2 | 3 | 4 | 5}`)}</span>
                </span>
                {progress ? (
                  <progress
                    max={tier.friends}
                    value={Math.min(qualified, tier.friends)}
                    aria-label={t('tiers.goal', { count: tier.friends })}
                  />
                ) : null}
              </div>
              {state === 'claimed' || state === 'soldOut' ? (
                <span className={`badge tier-badge-${state}`}>{t(`tiers.state.${state}`)}</span>
              ) : onClaim && reached && !progress?.claim ? (
                <button type="button" className="btn btn-small" disabled={busy} onClick={() => onClaim(i)}>
                  {t('tiers.claim')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="muted small">{progress?.claim ? t('tiers.ended') : t('tiers.note')}</p>
    </section>
  );
}
