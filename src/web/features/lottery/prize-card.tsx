import { type ReactNode, useEffect, useState } from 'react';
import type { MyPrizeView } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { LocalTime } from '../../ui/local-time';
import { PrizeImage } from './prize-image';
import './raffle.css';

/** A won prize: what it is, when it was won, its state, redeem code and shipment; actions below. */
export function PrizeCard({ win, children }: { win: MyPrizeView; children?: ReactNode }) {
  const { t } = useTranslation('lottery');
  const e = useTranslation('enums');
  return (
    <article className="card prize-card" data-state={win.state}>
      <header className="prize-head">
        <PrizeImage url={win.prize.imageUrl} />
        <h2>{win.prize.name}</h2>
        <span className={`badge prize-state-${win.state}`}>{t(`prizeState.${stateKey(win)}`)}</span>
      </header>
      <p className="muted small">
        {e.t(`prizeKind.${win.prize.kind as 1 | 2 | 3 | 4 | 5}`)} · {t('myPrize.wonAt')} <LocalTime at={win.createdAt} />
      </p>
      <p className="prize-code">
        {t('myPrize.code')} <code>{win.redeemCode}</code>
      </p>
      {win.shipment ? (
        <p className="prize-shipment">
          {t('myPrize.shippedBy', { carrier: win.shipment.carrier })} · {t('myPrize.tracking')} <code>{win.shipment.trackingNumber}</code> ·{' '}
          <LocalTime at={win.shipment.shippedAt} />
        </p>
      ) : null}
      {children}
    </article>
  );
}

/** Prize states as the winner reads them: an entity prize still to claim is "won". */
const stateKey = (w: MyPrizeView) =>
  w.state === 'won' && w.prize.kind !== 1 ? 'credited' : w.state === 'received' && w.shipment ? 'shipped' : w.state;

/**
 * The redeem code as a QR code for staff to scan at a venue: it encodes the staff page with the
 * code, so a phone's own camera app opens the write-off directly. Drawn in the browser.
 */
export function RedeemQr({ win, activeId }: { win: MyPrizeView; activeId: string }) {
  const { t } = useTranslation('lottery');
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    const link = new URL(`/activitys/admin?${new URLSearchParams({ activeId, code: win.redeemCode })}`, window.location.origin).href;
    let gone = false;
    void import('qrcode').then((q) =>
      q.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => !gone && setSvg(s)),
    );
    return () => {
      gone = true;
    };
  }, [win.redeemCode, activeId]);
  return svg ? (
    // qrcode's SVG: paths only, made from our own URL.
    <div
      className="qr prize-qr"
      role="img"
      aria-label={t('myPrize.qrLabel', { code: win.redeemCode })}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  ) : (
    <div className="qr prize-qr" aria-busy="true" />
  );
}
