import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { data, Link } from 'react-router';
import type { Order } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { detectDevice } from '../../../shared/device';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { Dialog } from '../../ui/dialog';
import { EmptyIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { showToast } from '../../ui/toast';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { AddressLines } from '../lottery/address-form';
import type { Route } from './+types/order';
import { mallBase, memberPage } from './mall-loader';
import { countdown, orderTimeFormat } from './mall-logic';
import { type MallPaths, mallPaths, ORDER_NO } from './mall-paths';
import { MallNav, MemberOnly, OrderLines, OrderStateBadge, Price } from './parts';
import './mall.css';

const PayPanel = lazy(() => import('./pay-panel'));

/**
 * One order (`<base>/order/:orderNo`): its state, the time left to pay, lines, address, remark,
 * shipping and history; Pay and Cancel while it waits for payment, Confirm receipt once shipped.
 * Outside WeChat the page carries a QR code of itself (WeChat is where it can be paid).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = mallBase(request, context, ['lottery']);
  const valid = ORDER_NO.test(params.orderNo);
  const inWechat = detectDevice(request.headers.get('user-agent')).wechat;
  const page = {
    ...memberPage(base, valid ? 'order.title' : 'order.missing'),
    orderNo: valid ? params.orderNo : null,
    qr: valid && !inWechat ? await context.services.qr.svg(base.canonical) : null,
  };
  return data(page, { status: valid ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mall');
  const paths = mallPaths(loaderData.mallPath);
  const { orderNo } = loaderData;
  return (
    <article className="mall">
      <MallNav paths={paths} count={null} />
      {orderNo ? (
        <Loaded orderNo={orderNo} paths={paths} qr={loaderData.qr} />
      ) : (
        <StateView
          icon={<EmptyIcon />}
          title={t('order.missing')}
          actions={
            <Link className="btn btn-block" to={paths.orders()}>
              {t('order.toOrders')}
            </Link>
          }
        />
      )}
    </article>
  );
}

function Loaded({ orderNo, paths, qr }: { orderNo: string; paths: MallPaths; qr: string | null }) {
  const { t } = useTranslation('mall');
  const { state } = useSignedInData((a) => a.call(MALL_API.order, { orderNo }, { quiet: true }), [orderNo]);
  const [latest, setLatest] = useState<Order | null>(null);
  const view = state.status === 'ready' && latest ? { status: 'ready' as const, data: latest } : state;
  return (
    <MemberOnly state={view} title={t('order.title')}>
      {(order) => <OrderView order={order} paths={paths} qr={qr} onOrder={setLatest} />}
    </MemberOnly>
  );
}

/** Now, every second while `on` (the pay-by countdown). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

function OrderView({ order, paths, qr, onOrder }: { order: Order; paths: MallPaths; qr: string | null; onOrder: (o: Order) => void }) {
  const { t, locale } = useTranslation('mall');
  const { config } = useApp();
  const api = useSignedInApi();
  const time = useMemo(() => orderTimeFormat(locale, config.timeZone), [locale, config.timeZone]);
  const created = order.state === 'created';
  const now = useNow(created);
  const left = order.payBy - now;
  const [asking, setAsking] = useState<'cancel' | 'confirm' | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (which: 'cancel' | 'confirm') => {
    setBusy(true);
    try {
      const route = which === 'cancel' ? MALL_API.cancel : MALL_API.confirm;
      onOrder(await api.call(route, { orderNo: order.orderNo }));
      showToast(t(which === 'cancel' ? 'order.cancelled' : 'order.confirmed'));
    } catch {
      // The client showed why (the order moved on meanwhile: 3805).
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const banner =
    order.state === 'cancelled'
      ? t(order.cancelReason === 'expired' ? 'order.banner.expired' : 'order.banner.cancelled')
      : t(`order.banner.${order.state}`);

  return (
    <>
      <header className={`card mall-banner mall-banner-${order.state}`}>
        <OrderStateBadge state={order.state} />
        <p>{banner}</p>
        {created ? (
          <p className="mall-countdown" role="timer">
            {left > 0 ? t('order.payWithin', { time: countdown(left) }) : t('order.payExpired')}
          </p>
        ) : null}
      </header>

      <section className="card" aria-labelledby="mall-order-lines">
        <h2 id="mall-order-lines">{t('order.items')}</h2>
        <OrderLines lines={order.lines} />
        <p className="mall-total-line">
          {t('total')} <Price fen={order.totalFen} className="mall-price-strong" />
        </p>
        {created ? (
          <Suspense
            fallback={
              <button type="button" className="btn btn-block" disabled>
                {t('pay.button')}
              </button>
            }
          >
            <PayPanel order={order} qr={qr} disabled={left <= 0} onOrder={onOrder} />
          </Suspense>
        ) : null}
      </section>

      <section className="card" aria-labelledby="mall-order-address">
        <h2 id="mall-order-address">{t('order.address')}</h2>
        <AddressLines a={order.address} />
        {order.remark ? (
          <p className="mall-remark">
            <span className="muted">{t('order.remark')}</span> <span className="pre-line">{order.remark}</span>
          </p>
        ) : null}
      </section>

      {order.shipping ? (
        <section className="card" aria-labelledby="mall-order-shipping">
          <h2 id="mall-order-shipping">{t('order.shipping')}</h2>
          <dl className="mall-facts">
            <dt>{t('order.carrier')}</dt>
            <dd>{order.shipping.carrier}</dd>
            <dt>{t('order.trackingNo')}</dt>
            <dd className="mall-mono">{order.shipping.trackingNo}</dd>
          </dl>
        </section>
      ) : null}

      <section className="card" aria-labelledby="mall-order-history">
        <h2 id="mall-order-history">{t('order.history')}</h2>
        <dl className="mall-facts">
          <dt>{t('order.number')}</dt>
          <dd className="mall-mono">{order.orderNo}</dd>
        </dl>
        <ol className="mall-timeline">
          {order.history.map((h) => (
            <li key={`${h.state}-${h.at}`}>
              <strong>{t(`state.${h.state}`)}</strong>{' '}
              <time dateTime={new Date(h.at).toISOString()} className="muted small">
                {time(h.at)}
              </time>
            </li>
          ))}
        </ol>
      </section>

      <div className="btn-row">
        {created ? (
          <button type="button" className="btn btn-danger-outline btn-block" disabled={busy} onClick={() => setAsking('cancel')}>
            {t('order.cancel')}
          </button>
        ) : null}
        {order.state === 'shipped' ? (
          <button type="button" className="btn btn-block" disabled={busy} onClick={() => setAsking('confirm')}>
            {t('order.confirm')}
          </button>
        ) : null}
        <Link className="btn btn-secondary btn-block" to={paths.orders()}>
          {t('order.toOrders')}
        </Link>
      </div>

      {asking ? (
        <Dialog title={t(asking === 'cancel' ? 'order.cancelTitle' : 'order.confirmTitle')} onClose={() => setAsking(null)}>
          <p>{t(asking === 'cancel' ? 'order.cancelText' : 'order.confirmText')}</p>
          <div className="btn-row">
            <button
              type="button"
              className={asking === 'cancel' ? 'btn btn-danger' : 'btn'}
              disabled={busy}
              onClick={() => void act(asking)}
            >
              {t(asking === 'cancel' ? 'order.cancelYes' : 'order.confirmYes')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
              {t('notNow')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
