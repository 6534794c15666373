import { useState } from 'react';
import type { CollectionView } from '../../../shared/api/collection';
import { COLLECTION_API } from '../../../shared/api/routes-campaigns';
import { useTranslation } from '../../i18n/react';
import { LocalTime } from '../../ui/local-time';
import { openLogin, useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { useHydrated } from '../content/hydrated';
import { Album, kindsHeld } from './album';
import { ConfirmExchange, Exchanged, PrizeLinks } from './exchange-dialogs';
import './collection.css';

/**
 * The reader's part of the album: their cards, and the exchange of a complete set (confirmed
 * first, then its result with the way to the prize). Signed-out readers see the set empty and are
 * asked to sign in.
 */
export default function Member({ page }: { page: CollectionView }) {
  const { t } = useTranslation('collection');
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const { state, reload } = useSignedInData((api) => api.call(COLLECTION_API.status, { activityId: page.id }, { quiet: true }), [page.id]);
  const api = useSignedInApi();
  // The exchange answers the new status: it replaces the one loaded.
  const [exchanged, setExchanged] = useState<CollectionView | null>(null);
  const [step, setStep] = useState<'idle' | 'confirm' | 'done'>('idle');
  const [busy, setBusy] = useState(false);
  const status = exchanged ?? (state.status === 'ready' ? state.data : null);

  const exchange = async () => {
    setBusy(true);
    try {
      setExchanged(await api.call(COLLECTION_API.exchange, { activityId: page.id }));
      setStep('done');
    } catch {
      // The client showed why; what changed meanwhile (another tab's exchange) shows on reload.
      setStep('idle');
      reload();
    } finally {
      setBusy(false);
    }
  };

  const view = status ?? page;
  const complete = view.cards.length > 0 && kindsHeld(view.cards) === view.cards.length;
  const open = page.state === 'ongoing';
  return (
    <>
      <Album cards={view.cards} />
      {!signedIn ? (
        <>
          <p className="muted">{t('signIn')}</p>
          <button type="button" className="btn btn-block" disabled={!hydrated} onClick={() => openLogin()}>
            {t('signInButton')}
          </button>
        </>
      ) : status?.exchange ? (
        <div>
          <p className="collection-exchanged-at">
            {t('exchanged')} <LocalTime at={status.exchange.createdAt} style="date" />
          </p>
          <PrizeLinks page={status} winId={status.exchange.winId} />
        </div>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-block collection-exchange"
            disabled={!hydrated || !status || !open || !complete || !view.prize || busy}
            onClick={() => setStep('confirm')}
          >
            {t('exchange')}
          </button>
          <p className="muted small collection-hint">
            {!open ? t(`closed.${page.state as 'ended'}`) : complete ? t('readyHint') : t('exchangeHint')}
          </p>
        </>
      )}
      {step === 'confirm' && view.prize ? (
        <ConfirmExchange prize={view.prize.name} busy={busy} onConfirm={() => void exchange()} onClose={() => setStep('idle')} />
      ) : null}
      {step === 'done' && status?.exchange ? <Exchanged page={status} onClose={() => setStep('idle')} /> : null}
    </>
  );
}
