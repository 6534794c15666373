import { useEffect, useRef, useState } from 'react';
import type { Order, PayStart } from '../../../shared/api/mall';
import { detectDevice } from '../../../shared/device';
import { useTranslation } from '../../i18n/react';
import { QrCode } from '../../ui/qr-code';
import { showToast } from '../../ui/toast';
import { useSignedInApi } from '../accounts/signed-in-api';
import { bindPayerFromUrl, devPay, type PayDeps, type PayOutcome, startPay, waitForBridge } from './pay';
import './mall.css';

/**
 * The order page's Pay button and what follows it: WeChat's pay sheet, the development stand-in's
 * block, or "open in WeChat" with a QR code of the page. Back from WeChat's authorisation
 * (`?code=`), it binds the payer and pays at once. A lazy chunk: only orders waiting for payment load it.
 */
export default function PayPanel({
  order,
  qr,
  disabled,
  onOrder,
}: {
  order: Order;
  qr: string | null;
  disabled: boolean;
  onOrder: (o: Order) => void;
}) {
  const { t } = useTranslation('mall');
  const api = useSignedInApi();
  const [busy, setBusy] = useState(false);
  const [dev, setDev] = useState<PayStart | null>(null);
  const [outside, setOutside] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const returned = useRef(false);

  const deps = (): PayDeps => {
    const inWechat = detectDevice(navigator.userAgent).wechat;
    return {
      api,
      inWechat,
      here: () => location.pathname + location.search,
      go: (url) => {
        location.href = url;
      },
      bridge: () => waitForBridge(inWechat),
      toast: showToast,
    };
  };

  const show = (outcome: PayOutcome) => {
    switch (outcome.kind) {
      case 'paid':
        setDev(null);
        setConfirming(false);
        onOrder(outcome.order);
        showToast(t('pay.paid'));
        break;
      case 'pending':
        setDev(null);
        setConfirming(true);
        onOrder(outcome.order);
        break;
      case 'cancelled':
        showToast(t('pay.cancelled'));
        break;
      case 'failed':
        showToast(t('pay.failed'));
        break;
      case 'devPay':
        setDev(outcome.start);
        break;
      case 'outsideWechat':
        setOutside(true);
        break;
      default:
        break;
    }
  };

  const pay = async (afterBind = false) => {
    setBusy(true);
    const outcome = await startPay(deps(), order.orderNo, { afterBind }).catch(() => null);
    // Leaving for WeChat's authorisation: the button stays busy until the page goes.
    if (outcome?.kind === 'redirected') return;
    setBusy(false);
    if (outcome) show(outcome);
  };

  // Back from WeChat's silent authorisation with `?code=&state=`: bind the payer, then pay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, for the order it opened on
  useEffect(() => {
    if (returned.current) return;
    returned.current = true;
    const url = new URL(location.href);
    if (!url.searchParams.has('code')) return;
    void bindPayerFromUrl(api, url, (p) => history.replaceState(history.state, '', p)).then(
      (bound) => {
        if (bound && order.state === 'created') void pay(true);
      },
      () => {
        // The client showed why; the Pay button is there to try again.
      },
    );
  }, []);

  const payDev = async () => {
    if (!dev) return;
    setBusy(true);
    const outcome = await devPay(deps(), order.orderNo, dev, t('pay.devFailed')).catch(() => null);
    setBusy(false);
    if (outcome) show(outcome);
  };

  return (
    <>
      {confirming ? (
        <p className="notice" role="status">
          {t('pay.confirming')}
        </p>
      ) : null}
      <button type="button" className="btn btn-block" disabled={busy || disabled} onClick={() => void pay()}>
        {busy ? t('pay.busy') : t('pay.button')}
      </button>
      {dev ? (
        <section className="mall-dev-pay" aria-labelledby="mall-dev-pay">
          <h2 id="mall-dev-pay">{t('pay.devTitle')}</h2>
          <p className="small">{t('pay.devText')}</p>
          <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void payDev()}>
            {t('pay.devButton')}
          </button>
        </section>
      ) : null}
      {outside && !dev ? (
        <section className="mall-open-wechat" aria-labelledby="mall-open-wechat">
          <h2 id="mall-open-wechat">{t('pay.openInWechat')}</h2>
          <p className="muted small">{t('pay.openInWechatText')}</p>
          {qr ? <QrCode svg={qr} label={t('pay.qrLabel')} /> : null}
        </section>
      ) : null}
    </>
  );
}
