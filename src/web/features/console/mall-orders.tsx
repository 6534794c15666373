import { data, Link } from 'react-router';
import { formatFen, ORDER_STATES, type OrderState } from '../../../shared/mall-rules';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { LocalTime } from '../../ui/local-time';
import type { Route } from './+types/mall-orders';
import { NotYours } from './catalogue-parts';
import { mayView, sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import './operations.css';
import './catalogue.css';

/**
 * The mall's orders, newest first, filtered by state (paid ones, waiting to ship, first): the
 * filter and the page are in the address, so a view can be shared. Each opens its order page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue']);
  const allowed = await mayView(context, 'mall');
  const asked = base.url.searchParams.get('state') ?? 'paid';
  const state = (ORDER_STATES as readonly string[]).includes(asked) ? (asked as OrderState) : asked === 'all' ? undefined : 'paid';
  const before = Number(base.url.searchParams.get('before'));
  const page = allowed
    ? await context.services.mallAdmin.orders({
        limit: 20,
        ...(state ? { state } : {}),
        ...(Number.isSafeInteger(before) && before > 0 ? { before } : {}),
      })
    : { items: [], more: false };
  return data(
    { i18n: base.i18n, allowed, state: state ?? 'all', items: page.items, more: page.more },
    { status: sectionStatus(allowed), headers: { 'cache-control': 'private, no-store' } },
  );
}

const FILTERS = ['paid', 'shipped', 'created', 'done', 'refunded', 'cancelled', 'all'] as const;

export default function MallOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  if (!loaderData.allowed) return <NotYours />;
  const { items, state, more } = loaderData;
  const last = items[items.length - 1];
  return (
    <section className="ops">
      <h1>{t('orders.title')}</h1>
      <nav className="ops-tabs" aria-label={t('orders.filter')}>
        {FILTERS.map((s) => (
          <Link
            key={s}
            to={`${consolePaths.mallOrders}?state=${s}`}
            className={`btn btn-small ${s === state ? '' : 'btn-secondary'}`}
            aria-current={s === state ? 'page' : undefined}
          >
            {t(`orders.state.${s}`)}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? <p className="card muted">{t('orders.empty')}</p> : null}
      <ul className="ops-list">
        {items.map((o) => (
          <li key={o.orderNo} className="card ops-card" data-testid="order" data-order={o.orderNo}>
            <header className="ops-card-head">
              <Link to={consolePaths.mallOrder(o.orderNo)}>
                <code>{o.orderNo}</code>
              </Link>
              <span className={`badge cat-state-${o.state}`}>{t(`orders.state.${o.state}`)}</span>
            </header>
            <p className="small">
              {formatFen(o.totalFen)} · {t('orders.items', { count: o.itemCount })} · {o.buyer.nickname} · <LocalTime at={o.createdAt} />
            </p>
            <p className="small muted cat-lines">{o.lines.map((l) => `${l.name} ×${l.quantity}`).join(' · ')}</p>
          </li>
        ))}
      </ul>
      {more && last ? (
        <Link className="btn btn-secondary btn-block" to={`${consolePaths.mallOrders}?state=${state}&before=${last.id}`}>
          {t('orders.older')}
        </Link>
      ) : null}
    </section>
  );
}
