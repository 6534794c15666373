import type { FormEvent } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import type * as mall from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { ResultCode } from '../../../shared/errors';
import { formatFen, ORDER_MAX } from '../../../shared/mall-rules';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { LocalTime } from '../../ui/local-time';
import type { Route } from './+types/mall-order';
import { NotYours } from './catalogue-parts';
import { mayView, sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import { useAction } from './use-action';
import './operations.css';
import './catalogue.css';

/**
 * One mall order as staff handle it: what was bought, by whom, to which address, its history;
 * ship a paid order with the carrier and tracking number (the buyer's order page shows them), or
 * refund it whole through WeChat Pay (stock comes back if it had not shipped).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue']);
  const allowed = await mayView(context, 'mall');
  let order: mall.AdminOrder | null = null;
  if (allowed)
    order = await context.services.mallAdmin.order(params.orderNo).catch((err: unknown) => {
      if ((err as { code?: number }).code === ResultCode.orderNotFound) return null;
      throw err;
    });
  const status = !allowed ? sectionStatus(false) : order ? 200 : 404;
  return data({ i18n: base.i18n, allowed, order }, { status, headers: { 'cache-control': 'private, no-store' } });
}

export default function MallOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  if (!loaderData.allowed) return <NotYours />;
  const { order } = loaderData;
  if (!order) return <p className="card muted">{t('orders.none')}</p>;
  const a = order.address;
  return (
    <section className="ops">
      <p>
        <Link to={`${consolePaths.mallOrders}?state=${order.state}`}>{t('orders.back')}</Link>
      </p>
      <h1>
        {t('orders.order')} <code>{order.orderNo}</code>
      </h1>
      <p>
        <span className={`badge cat-state-${order.state}`} data-testid="order-state">
          {t(`orders.state.${order.state}`)}
        </span>{' '}
        {formatFen(order.totalFen)} · {order.buyer.nickname} <span className="muted">#{order.buyer.userId}</span>
      </p>
      <ul className="ops-list">
        {order.lines.map((l) => (
          <li key={l.productId} className="card ops-card cat-product">
            <img className="cat-thumb" src={l.imageUrl} alt="" width={48} height={48} loading="lazy" />
            <span>
              {l.name} · {formatFen(l.priceFen)} × {l.quantity}
            </span>
          </li>
        ))}
      </ul>
      <div className="card">
        <h2 className="cat-h2">{t('orders.address')}</h2>
        <address className="small">
          {a.fullName} · {a.phone}
          <br />
          {[a.detail, a.street, a.city, a.province, a.postCode, a.country].filter(Boolean).join(', ')}
        </address>
        {order.remark ? <p className="small">{t('orders.remark', { remark: order.remark })}</p> : null}
      </div>
      <div className="card">
        <h2 className="cat-h2">{t('orders.history')}</h2>
        <ol className="small cat-history">
          {order.history.map((h) => (
            <li key={h.state}>
              {t(`orders.state.${h.state}`)} · <LocalTime at={h.at} />
            </li>
          ))}
        </ol>
        {order.shipping ? (
          <p className="small">
            {order.shipping.carrier} · <code>{order.shipping.trackingNo}</code>
          </p>
        ) : null}
      </div>
      <Actions order={order} />
    </section>
  );
}

function Actions({ order }: { order: mall.AdminOrder }) {
  const { t } = useTranslation('catalogue');
  const api = useApi();
  const revalidator = useRevalidator();
  const { busy, run } = useAction(() => revalidator.revalidate());
  const ship = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    void run(
      () =>
        api.call(MALL_API.adminShip, {
          orderNo: order.orderNo,
          carrier: String(f.get('carrier') ?? ''),
          trackingNo: String(f.get('trackingNo') ?? ''),
        }),
      t('orders.shippedToast'),
    );
  };
  const refund = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    if (!window.confirm(t('orders.confirmRefund', { total: formatFen(order.totalFen) }))) return;
    void run(() => api.call(MALL_API.adminRefund, { orderNo: order.orderNo, reason }), t('orders.refundedToast'));
  };
  const refundable = order.state === 'paid' || order.state === 'shipped';
  return (
    <>
      {order.state === 'paid' ? (
        <form className="card ops-ship" onSubmit={ship}>
          <h2 className="cat-h2">{t('orders.ship')}</h2>
          <label className="ops-field">
            <span>{t('orders.carrier')}</span>
            <input name="carrier" required maxLength={ORDER_MAX.carrier} autoComplete="off" />
          </label>
          <label className="ops-field">
            <span>{t('orders.trackingNo')}</span>
            <input name="trackingNo" required maxLength={ORDER_MAX.trackingNo} pattern="[A-Za-z0-9\-]{4,40}" autoComplete="off" />
          </label>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('orders.markShipped')}
          </button>
        </form>
      ) : null}
      {refundable ? (
        <form className="card ops-ship" onSubmit={refund}>
          <h2 className="cat-h2">{t('orders.refund')}</h2>
          <label className="ops-field">
            <span>{t('orders.reason')}</span>
            <input name="reason" required maxLength={ORDER_MAX.refundReason} autoComplete="off" />
          </label>
          <button type="submit" className="btn btn-small btn-secondary" disabled={busy}>
            {t('orders.refundButton')}
          </button>
        </form>
      ) : null}
    </>
  );
}
