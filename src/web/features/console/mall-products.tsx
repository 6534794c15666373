import type { FormEvent } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import type { AdminProduct } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { formatFen } from '../../../shared/mall-rules';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/mall-products';
import { NotYours } from './catalogue-parts';
import { mayView, sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import { useAction } from './use-action';
import './operations.css';
import './catalogue.css';

/**
 * The Mall section's products (staff with the `mall` scope): each with its image, price, stock
 * and units sold; edit, hide from the shop or put back on sale, add or withdraw stock.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue']);
  const allowed = await mayView(context, 'mall');
  const items = allowed ? (await context.services.mallAdmin.products()).items : [];
  return data({ i18n: base.i18n, allowed, items }, { status: sectionStatus(allowed), headers: { 'cache-control': 'private, no-store' } });
}

export default function MallProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  if (!loaderData.allowed) return <NotYours />;
  return (
    <section className="ops">
      <h1>{t('mall.title')}</h1>
      <div className="ops-row">
        <Link className="btn btn-small" to={consolePaths.newProduct}>
          {t('mall.newProduct')}
        </Link>
        <Link className="btn btn-small btn-secondary" to={consolePaths.mallOrders}>
          {t('mall.orders')}
        </Link>
      </div>
      {loaderData.items.length === 0 ? <p className="card muted">{t('mall.empty')}</p> : null}
      <ul className="ops-list">
        {loaderData.items.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}

function ProductCard({ product: p }: { product: AdminProduct }) {
  const { t, locale } = useTranslation('catalogue');
  const api = useApi();
  const revalidator = useRevalidator();
  const { busy, run } = useAction(() => revalidator.revalidate());
  const name = p.name[locale] || p.name.en;
  // Hiding is saving the product off sale: the shop stops showing it, orders keep their lines.
  const toggle = () =>
    run(
      () =>
        api.call(MALL_API.adminSaveProduct, {
          id: p.id,
          name: p.name,
          description: p.description,
          imageUrls: p.imageUrls,
          priceFen: p.priceFen,
          maxPerOrder: p.maxPerOrder,
          position: p.position,
          onSale: !p.onSale,
        }),
      p.onSale ? t('mall.hiddenToast') : t('mall.shownToast'),
    );
  const restock = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const add = Number(new FormData(e.currentTarget).get('add'));
    if (!Number.isInteger(add) || add === 0) return;
    void run(() => api.call(MALL_API.adminRestock, { id: p.id, add }), t('mall.restockedToast'));
  };
  return (
    <li className="card ops-card cat-product" data-testid="product" data-product={p.id}>
      <img className="cat-thumb" src={p.imageUrl} alt="" width={72} height={72} loading="lazy" />
      <div className="cat-product-body">
        <header className="ops-card-head">
          <Link to={consolePaths.product(p.id)}>
            <strong>{name}</strong>
          </Link>
          <span className={`badge ${p.onSale ? 'cat-on' : 'cat-off'}`}>{p.onSale ? t('mall.onSale') : t('mall.hidden')}</span>
        </header>
        <p className="small">
          {formatFen(p.priceFen)} · {t('mall.stockSold', { stock: p.stock, sold: p.sold })}
        </p>
        <div className="ops-row">
          <Link className="btn btn-small btn-secondary" to={consolePaths.product(p.id)} aria-label={t('mall.editNamed', { name })}>
            {t('mall.edit')}
          </Link>
          <button type="button" className="btn btn-small btn-secondary" disabled={busy} onClick={() => void toggle()}>
            {p.onSale ? t('mall.hide') : t('mall.show')}
          </button>
        </div>
        <form className="ops-row" onSubmit={restock}>
          <label className="ops-field cat-restock">
            <span>{t('mall.restock')}</span>
            <input name="add" type="number" step={1} min={-1_000_000} max={1_000_000} required inputMode="numeric" />
          </label>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('mall.apply')}
          </button>
        </form>
      </div>
    </li>
  );
}
