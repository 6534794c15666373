import { useState } from 'react';
import { Link } from 'react-router';
import type { Cart, CartLine } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { MAX_QUANTITY } from '../../../shared/mall-rules';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { Dialog } from '../../ui/dialog';
import { StateView } from '../../ui/state-view';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/cart';
import { mallBase, memberPage } from './mall-loader';
import { mallPaths } from './mall-paths';
import { CartIcon, MallNav, MemberOnly, Price, Stepper } from './parts';
import './mall.css';

/** The member's cart (`<base>/cart`): lines with steppers, unavailable lines greyed, the total, checkout. */
export function loader({ request, context }: Route.LoaderArgs) {
  return memberPage(mallBase(request, context), 'cart.title');
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mall');
  const paths = mallPaths(loaderData.mallPath);
  const { state } = useSignedInData((a) => a.call(MALL_API.cart, undefined, { quiet: true }), []);
  const [latest, setLatest] = useState<Cart | null>(null);
  const view = state.status === 'ready' && latest ? { status: 'ready' as const, data: latest } : state;
  return (
    <article className="mall">
      <MallNav paths={paths} count={view.status === 'ready' ? view.data.count : null} />
      <MemberOnly state={view} title={t('cart.title')}>
        {(cart) => <CartView cart={cart} base={loaderData.mallPath} onChange={setLatest} />}
      </MemberOnly>
    </article>
  );
}

function CartView({ cart, base, onChange }: { cart: Cart; base: string; onChange: (c: Cart) => void }) {
  const { t } = useTranslation('mall');
  const api = useSignedInApi();
  const paths = mallPaths(base);
  const [busy, setBusy] = useState<number | null>(null);
  const [removing, setRemoving] = useState<CartLine | null>(null);

  const set = async (productId: number, quantity: number) => {
    setBusy(productId);
    try {
      onChange(await api.call(MALL_API.setCart, { productId, quantity }));
    } catch {
      // The client showed why.
    } finally {
      setBusy(null);
      setRemoving(null);
    }
  };

  if (cart.lines.length === 0)
    return (
      <StateView
        icon={<CartIcon />}
        title={t('cart.emptyTitle')}
        actions={
          <Link className="btn btn-block" to={paths.list}>
            {t('backToMall')}
          </Link>
        }
      >
        <p className="muted">{t('cart.emptyText')}</p>
      </StateView>
    );
  const orderable = cart.lines.some((l) => l.available);
  // The card carries stock but not the sale flag: enough stock and still unavailable is off sale.
  const unavailableReason = (l: CartLine) =>
    l.product.stock <= 0
      ? t('soldOut')
      : l.quantity > l.product.stock
        ? t('cart.onlyLeft', { count: l.product.stock })
        : t('cart.unavailable');
  return (
    <>
      <h1 className="page-title">{t('cart.title')}</h1>
      <ul className="mall-cart">
        {cart.lines.map((l) => (
          <li
            key={l.product.id}
            className={`card mall-cart-line${l.available ? '' : ' mall-unavailable'}`}
            aria-busy={busy === l.product.id}
          >
            <Link to={paths.product(l.product.id)} className="mall-cart-product">
              <img src={l.product.imageUrl} alt="" loading="lazy" width={64} height={64} />
              <span className="mall-line-text">
                <strong>{l.product.name}</strong>
                <Price fen={l.product.priceFen} />
                {l.available ? null : <span className="mall-reason small">{unavailableReason(l)}</span>}
              </span>
            </Link>
            <div className="mall-cart-actions">
              <Stepper
                value={l.quantity}
                min={1}
                max={Math.min(MAX_QUANTITY, Math.max(l.quantity, l.product.stock))}
                label={t('cart.quantityOf', { name: l.product.name })}
                disabled={busy !== null}
                onChange={(n) => void set(l.product.id, n)}
                onBelowMin={() => setRemoving(l)}
              />
              <button type="button" className="btn btn-small btn-danger-outline" disabled={busy !== null} onClick={() => setRemoving(l)}>
                {t('cart.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <section className="card mall-total">
        <p>
          {t('total')} <Price fen={cart.totalFen} className="mall-price-strong" />
        </p>
        {cart.lines.some((l) => !l.available) ? <p className="muted small">{t('cart.unavailableNote')}</p> : null}
        <Link
          className={`btn btn-block${orderable ? '' : ' mall-disabled'}`}
          to={orderable ? paths.checkout() : '#'}
          aria-disabled={!orderable}
          onClick={(e) => {
            if (!orderable) e.preventDefault();
          }}
        >
          {t('cart.checkout')}
        </Link>
      </section>
      {removing ? (
        <Dialog title={t('cart.removeTitle')} onClose={() => setRemoving(null)}>
          <p>{t('cart.removeText', { name: removing.product.name })}</p>
          <div className="btn-row">
            <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => void set(removing.product.id, 0)}>
              {t('cart.remove')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRemoving(null)}>
              {t('keep')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
