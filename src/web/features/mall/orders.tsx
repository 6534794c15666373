import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderCard } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import type { OrderState } from '../../../shared/mall-rules';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { EmptyIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/orders';
import { mallBase, memberPage } from './mall-loader';
import { ORDER_TABS, orderCursor, orderTimeFormat, stateParam } from './mall-logic';
import { type MallPaths, mallPaths } from './mall-paths';
import { MallNav, MemberOnly, OrderStateBadge, Price } from './parts';
import './mall.css';

const PAGE = 20;

/** My orders (`<base>/orders`, `?state=` for a tab): newest first, more on demand. */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = mallBase(request, context);
  return { ...memberPage(base, 'orders.title'), state: stateParam(base.url.searchParams.get('state')) };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mall');
  const paths = mallPaths(loaderData.mallPath);
  const { state: tab } = loaderData;
  return (
    <article className="mall">
      <MallNav paths={paths} count={null} />
      <h1 className="page-title">{t('orders.title')}</h1>
      <nav className="tabs" aria-label={t('orders.tabs')}>
        {ORDER_TABS.map((s) => (
          <Link key={s ?? 'all'} to={paths.orders(s)} replace preventScrollReset aria-current={s === tab ? 'page' : undefined}>
            {t(s ? `orders.tab.${s}` : 'orders.tab.all')}
          </Link>
        ))}
      </nav>
      <OrderList key={tab ?? 'all'} tab={tab} paths={paths} />
    </article>
  );
}

function OrderList({ tab, paths }: { tab: OrderState | null; paths: MallPaths }) {
  const { t } = useTranslation('mall');
  const api = useSignedInApi();
  const { state } = useSignedInData(
    (a) => a.call(MALL_API.orders, { limit: PAGE, ...(tab ? { state: tab } : {}) }, { quiet: true }),
    [tab],
  );
  const [extra, setExtra] = useState<{ items: OrderCard[]; more: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <MemberOnly state={state} title={t('orders.title')}>
      {(first) => {
        const items = [...first.items, ...(extra?.items ?? [])];
        const more = extra ? extra.more : first.more;
        const cursor = orderCursor(items.at(-1));
        const loadMore = async () => {
          if (cursor === null) return;
          setBusy(true);
          try {
            const page = await api.call(MALL_API.orders, {
              before: cursor,
              limit: PAGE,
              ...(tab ? { state: tab } : {}),
            });
            setExtra((e) => ({ items: [...(e?.items ?? []), ...page.items], more: page.more }));
          } catch {
            // The client showed why.
          } finally {
            setBusy(false);
          }
        };
        if (items.length === 0)
          return (
            <StateView
              icon={<EmptyIcon />}
              title={t('orders.emptyTitle')}
              actions={
                <Link className="btn btn-block" to={paths.list}>
                  {t('backToMall')}
                </Link>
              }
            />
          );
        return (
          <>
            <ul className="mall-orders">
              {items.map((o) => (
                <OrderCardView key={o.orderNo} order={o} to={paths.order(o.orderNo)} />
              ))}
            </ul>
            {more && cursor !== null ? (
              <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void loadMore()}>
                {t(busy ? 'loading' : 'list.more')}
              </button>
            ) : null}
          </>
        );
      }}
    </MemberOnly>
  );
}

function OrderCardView({ order, to }: { order: OrderCard; to: string }) {
  const { t, locale } = useTranslation('mall');
  const { config } = useApp();
  const first = order.lines[0];
  return (
    <li className="card mall-order-card">
      <Link to={to}>
        <span className="mall-order-head">
          <span className="muted small">{orderTimeFormat(locale, config.timeZone)(order.createdAt)}</span>
          <OrderStateBadge state={order.state} />
        </span>
        <span className="mall-order-body">
          {first ? <img src={first.imageUrl} alt="" loading="lazy" width={64} height={64} /> : null}
          <span className="mall-line-text">
            <strong>{first?.name}</strong>
            {order.lines.length > 1 ? <span className="muted small">{t('orders.andMore', { count: order.lines.length - 1 })}</span> : null}
          </span>
        </span>
        <span className="mall-order-foot">
          <span className="muted small">{t('orders.items', { count: order.itemCount })}</span>
          <Price fen={order.totalFen} className="mall-price-strong" />
        </span>
      </Link>
    </li>
  );
}
