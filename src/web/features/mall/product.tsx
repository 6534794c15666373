import { useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import type * as contract from '../../../shared/api/mall';
import type { Product } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { EmptyIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { showToast } from '../../ui/toast';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedInApi } from '../accounts/signed-in-api';
import type { Route } from './+types/product';
import { isNotFound, mallBase } from './mall-loader';
import { capOf } from './mall-logic';
import { mallPaths } from './mall-paths';
import { MallNav, Price, Stepper, useCart } from './parts';
import './mall.css';

/** A product (`<base>/product/:id`): images, price, stock, description; add to cart or buy now. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = mallBase(request, context);
  const id = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : null;
  const product = id
    ? await context.services.mall.product(base.locale, id).catch((err: unknown) => {
        if (isNotFound(err)) return null;
        throw err;
      })
    : null;
  const head = product
    ? {
        title: product.name,
        description: product.description.slice(0, 160) || base.t('mall', 'metaDescription'),
        canonical: base.canonical,
        image: product.imageUrl,
      }
    : {
        title: base.t('mall', 'product.missing'),
        description: base.t('mall', 'metaDescription'),
        canonical: base.canonical,
        noindex: true,
      };
  return data({ i18n: base.i18n, mallPath: base.mallPath, product, head }, { status: product ? 200 : 404 });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mall');
  const { product } = loaderData;
  const paths = mallPaths(loaderData.mallPath);
  const cart = useCart();
  if (!product)
    return (
      <article className="mall">
        <MallNav paths={paths} count={cart.count} />
        <StateView
          icon={<EmptyIcon />}
          title={t('product.missing')}
          actions={
            <Link className="btn btn-block" to={paths.list}>
              {t('backToMall')}
            </Link>
          }
        >
          <p className="muted">{t('product.missingText')}</p>
        </StateView>
      </article>
    );
  return (
    <article className="mall">
      <MallNav paths={paths} count={cart.count} />
      <section className="mall-gallery" aria-label={t('product.images')}>
        {(product.imageUrls.length ? product.imageUrls : [product.imageUrl]).map((u, i) => (
          <img key={u} src={u} alt={i === 0 ? product.name : ''} width={750} height={750} loading={i === 0 ? 'eager' : 'lazy'} />
        ))}
      </section>
      <section className="card mall-product">
        <h1>{product.name}</h1>
        <p className="mall-product-price">
          <Price fen={product.priceFen} />
        </p>
        <p className="muted small">{product.stock > 0 ? t('product.stock', { count: product.stock }) : t('soldOut')}</p>
        <Buy product={product} base={loaderData.mallPath} onCart={cart.set} />
      </section>
      {product.description ? (
        <section className="card" aria-labelledby="mall-description">
          <h2 id="mall-description">{t('product.description')}</h2>
          <p className="mall-description">{product.description}</p>
        </section>
      ) : null}
    </article>
  );
}

/** The stepper, "add to cart" and "buy now"; off-sale and sold-out products say why instead. */
function Buy({ product, base, onCart }: { product: Product; base: string; onCart: (c: contract.Cart) => void }) {
  const { t } = useTranslation('mall');
  const api = useSignedInApi();
  const navigate = useNavigate();
  const paths = mallPaths(base);
  const cap = capOf(product);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const action = `mall-add:${product.id}`;

  const add = async (wanted: number) => {
    setBusy(true);
    try {
      const cart = await api.call(MALL_API.cart);
      const current = cart.lines.find((l) => l.product.id === product.id)?.quantity ?? 0;
      const next = Math.min(current + wanted, cap);
      if (next <= current) {
        onCart(cart);
        showToast(t('product.atMost', { count: cap }));
        return;
      }
      const after = await api.call(MALL_API.setCart, { productId: product.id, quantity: next });
      onCart(after);
      showToast(next < current + wanted ? t('product.addedCapped', { count: next }) : t('product.added'));
    } catch {
      // The client showed why (and the sign-in sheet for an expired session).
    } finally {
      setBusy(false);
    }
  };
  useResume<number>(action, (q) => void add(q));

  if (!product.onSale) return <p className="notice">{t('product.offSale')}</p>;
  if (cap === 0) return <p className="notice">{t('product.soldOutText')}</p>;
  const q = Math.min(quantity, cap);
  return (
    <>
      <div className="mall-buy-qty">
        <span>{t('product.quantity')}</span>
        <Stepper value={q} min={1} max={cap} label={t('product.quantity')} onChange={setQuantity} disabled={busy} />
      </div>
      <div className="mall-buy">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => whenSignedIn(action, q, (n) => void add(n))}>
          {t('product.addToCart')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => navigate(paths.checkout({ productId: product.id, quantity: q }))}
        >
          {t('product.buyNow')}
        </button>
      </div>
    </>
  );
}
