import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type * as contract from '../../../shared/api/giftpack';
import { GIFTPACK_API } from '../../../shared/api/routes-campaigns';
import { track } from '../../analytics/track';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useHydrated } from '../content/hydrated';
import { PrizeCard } from '../lottery/prize-card';
import { rafflePath } from '../lottery/raffle-paths';
import './gift-pack.css';

/**
 * The code form: the code as typed (any case, with or without hyphens) goes to the server, which
 * says 'The code is Error' for a wrong one; a signed-out reader signs in first and the code is
 * sent right after.
 */
export default function RedeemForm() {
  const { t } = useTranslation('campaigns');
  const lottery = useTranslation('lottery');
  const api = useSignedInApi();
  const hydrated = useHydrated();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [gift, setGift] = useState<contract.RedeemedGift | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // A code typed into the server's markup before this island hydrated is kept, not wiped.
  useEffect(() => {
    if (input.current?.value) setCode(input.current.value);
  }, []);

  const redeem = async (typed: string) => {
    setBusy(true);
    try {
      const redeemed = await api.call(GIFTPACK_API.redeem, { code: typed });
      track('CodeRedeem', { activityId: redeemed.activityId, prizeKind: redeemed.prize.kind });
      setGift(redeemed);
      setCode('');
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  useResume<string>('gift', (typed) => void redeem(typed));

  return (
    <>
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          whenSignedIn('gift', code, (typed) => void redeem(typed));
        }}
      >
        <div className="field">
          <label htmlFor="gift-code">{t('gift.code')}</label>
          <input
            ref={input}
            id="gift-code"
            value={code}
            maxLength={24}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-block gift-submit" disabled={!hydrated || busy || code.trim().length < 16}>
          {t('gift.redeem')}
        </button>
      </form>
      {gift ? (
        <section aria-live="polite" aria-labelledby="gift-done">
          <h2 id="gift-done" className="gift-done">
            {t('gift.done')}
          </h2>
          <PrizeCard win={gift}>
            <p>{lottery.t(`result.kind${gift.prize.kind as 1 | 2 | 3 | 4 | 5}`, { n: gift.prize.value })}</p>
            <div className="btn-row">
              {gift.prize.kind === 1 ? (
                <Link className="btn" to={rafflePath('confirmation-prize', { activeId: gift.activityId, winId: gift.winId })}>
                  {lottery.t('result.claim')}
                </Link>
              ) : null}
              <Link className="btn btn-secondary" to={rafflePath('my-prize', { activeId: gift.activityId })}>
                {lottery.t('links.myPrize')}
              </Link>
            </div>
          </PrizeCard>
        </section>
      ) : null}
    </>
  );
}
