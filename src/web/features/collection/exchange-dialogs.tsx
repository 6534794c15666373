import { Link } from 'react-router';
import type { CollectionView } from '../../../shared/api/collection';
import { PrizeKind } from '../../../shared/enums';
import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../ui/dialog';
import { rafflePath } from '../lottery/raffle-paths';

/** "Exchange your set?": the exchange uses a card of each kind and happens once. */
export function ConfirmExchange({
  prize,
  busy,
  onConfirm,
  onClose,
}: {
  prize: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('collection');
  return (
    <Dialog title={t('confirmTitle')} onClose={onClose}>
      <p>{t('confirmText', { prize })}</p>
      <div className="btn-row">
        <button type="button" className="btn btn-block" disabled={busy} onClick={onConfirm}>
          {t('confirm')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** Where the prize of an exchange is: the claim of a physical prize, else My prizes. */
export function PrizeLinks({ page, winId }: { page: CollectionView; winId: string }) {
  const { t } = useTranslation('collection');
  return (
    <div className="btn-row">
      {page.prize?.kind === PrizeKind.entity ? (
        <Link className="btn btn-block" to={rafflePath('confirmation-prize', { activeId: page.id, winId })}>
          {t('claim')}
        </Link>
      ) : null}
      <Link className="btn btn-secondary btn-block" to={rafflePath('my-prize', { activeId: page.id })}>
        {t('myPrize')}
      </Link>
    </div>
  );
}

/** The exchange's result: the prize and what happens to it. */
export function Exchanged({ page, onClose }: { page: CollectionView; onClose: () => void }) {
  const { t } = useTranslation('collection');
  const { prize, exchange } = page;
  if (!prize || !exchange) return null;
  return (
    <Dialog title={t('doneTitle')} onClose={onClose} className="draw-result draw-result-win">
      <p className="draw-result-prize">{prize.name}</p>
      <p>{t(`prizeWhat.${prize.kind as 1 | 2 | 3 | 4 | 5}`, { n: prize.value })}</p>
      <PrizeLinks page={page} winId={exchange.winId} />
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {t('close')}
      </button>
    </Dialog>
  );
}
