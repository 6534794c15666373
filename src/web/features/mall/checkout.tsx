import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ShippingAddress } from '../../../shared/api/addresses';
import type { ProductCard } from '../../../shared/api/mall';
import { ADDRESS_API } from '../../../shared/api/routes-lottery';
import { MALL_API } from '../../../shared/api/routes-mall';
import { MAX_QUANTITY, ORDER_MAX } from '../../../shared/mall-rules';
import type { ApiClient } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { StateView } from '../../ui/state-view';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { AddressLines } from '../lottery/address-form';
import { rafflePath } from '../lottery/raffle-paths';
import type { Route } from './+types/checkout';
import { mallBase, memberPage } from './mall-loader';
import { capOf, positiveInt } from './mall-logic';
import { mallPaths } from './mall-paths';
import { CartIcon, MallNav, MemberOnly, Price } from './parts';
import './mall.css';

/**
 * Checkout (`<base>/checkout`): the cart's available lines, or one product with
 * `?productId=&quantity=` ("buy now"); an address of the member's book (`?addressId=` chooses
 * one, as the new-address page does when it sends the member back), a remark, the total, and
 * "place order", which opens the new order.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = mallBase(request, context, ['lottery']);
  const q = base.url.searchParams;
  const productId = positiveInt(q.get('productId'));
  const quantity = positiveInt(q.get('quantity'), MAX_QUANTITY) ?? 1;
  return { ...memberPage(base, 'checkout.title'), buyNow: productId ? { productId, quantity } : null, addressId: q.get('addressId') };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

interface Line {
  product: ProductCard;
  quantity: number;
  available: boolean;
}

/** What the page orders: the one product of "buy now", or the cart's lines. */
async function loadCheckout(api: ApiClient, buyNow: { productId: number; quantity: number } | null) {
  const [lines, addresses] = await Promise.all([
    buyNow
      ? api.call(MALL_API.product, { id: buyNow.productId }, { quiet: true }).then((p): Line[] => {
          const quantity = Math.min(buyNow.quantity, Math.max(1, capOf(p)));
          return [{ product: p, quantity, available: p.onSale && capOf(p) >= quantity }];
        })
      : api.call(MALL_API.cart, undefined, { quiet: true }).then((c): Line[] => c.lines),
    api.call(ADDRESS_API.list, undefined, { quiet: true }),
  ]);
  return { lines, addresses: addresses.list, addressLimit: addresses.limit };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mall');
  const { buyNow, addressId } = loaderData;
  const paths = mallPaths(loaderData.mallPath);
  const { state } = useSignedInData((a) => loadCheckout(a, buyNow), [buyNow?.productId, buyNow?.quantity]);
  return (
    <article className="mall">
      <MallNav paths={paths} count={null} />
      <MemberOnly state={state} title={t('checkout.title')}>
        {(d) => (
          <Form
            key={`${buyNow?.productId}:${buyNow?.quantity}`}
            base={loaderData.mallPath}
            lines={d.lines}
            addresses={d.addresses}
            addressLimit={d.addressLimit}
            initialAddress={
              d.addresses.find((a) => a.id === addressId)?.id ?? d.addresses.find((a) => a.isDefault)?.id ?? d.addresses[0]?.id ?? null
            }
            buyNow={buyNow}
          />
        )}
      </MemberOnly>
    </article>
  );
}

function Form(p: {
  base: string;
  lines: Line[];
  addresses: ShippingAddress[];
  addressLimit: number;
  initialAddress: string | null;
  buyNow: { productId: number; quantity: number } | null;
}) {
  const { t } = useTranslation('mall');
  const id = useId();
  const api = useSignedInApi();
  const navigate = useNavigate();
  const location = useLocation();
  const paths = mallPaths(p.base);
  const [addressId, setAddressId] = useState(p.initialAddress);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = p.lines.filter((l) => l.available);
  const unavailable = p.lines.filter((l) => !l.available);
  const total = lines.reduce((sum, l) => sum + l.product.priceFen * l.quantity, 0);
  // Back here after adding an address, without the address chosen before.
  const here = new URLSearchParams(location.search);
  here.delete('addressId');
  const rest = here.toString();
  const returnTo = location.pathname + (rest ? `?${rest}` : '');

  if (lines.length === 0)
    return (
      <StateView
        icon={<CartIcon />}
        title={t(p.buyNow ? 'checkout.unavailableTitle' : 'cart.emptyTitle')}
        actions={
          <Link className="btn btn-block" to={p.buyNow ? paths.product(p.buyNow.productId) : paths.list}>
            {t(p.buyNow ? 'checkout.backToProduct' : 'backToMall')}
          </Link>
        }
      >
        <p className="muted">{t(p.buyNow ? 'product.offSale' : 'cart.emptyText')}</p>
      </StateView>
    );

  const place = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!addressId || busy) return;
    setBusy(true);
    try {
      const order = await api.call(MALL_API.createOrder, {
        addressId,
        remark: remark.trim(),
        ...(p.buyNow ? { lines: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })) } : {}),
      });
      navigate(paths.order(order.orderNo), { replace: true });
    } catch {
      // The client showed why (stock gone, cart changed…); the member can try again.
      setBusy(false);
    }
  };

  return (
    <form className="mall-checkout" onSubmit={(e) => void place(e)}>
      <h1 className="page-title">{t('checkout.title')}</h1>
      <section className="card" aria-labelledby={`${id}-lines`}>
        <h2 id={`${id}-lines`}>{t('checkout.items')}</h2>
        <ul className="mall-lines">
          {lines.map((l) => (
            <li key={l.product.id} className="mall-line">
              <img src={l.product.imageUrl} alt="" loading="lazy" width={64} height={64} />
              <span className="mall-line-text">
                <strong>{l.product.name}</strong>
                <span className="muted small">
                  <Price fen={l.product.priceFen} /> × {l.quantity}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {unavailable.length > 0 ? (
          <p className="muted small">{t('checkout.leftOut', { names: unavailable.map((l) => l.product.name).join(', ') })}</p>
        ) : null}
      </section>

      <fieldset className="card mall-addresses">
        <legend>{t('checkout.address')}</legend>
        {p.addresses.length === 0 ? <p className="muted">{t('checkout.noAddress')}</p> : null}
        {p.addresses.map((a) => (
          <label key={a.id} className={`mall-address${a.id === addressId ? ' mall-address-on' : ''}`}>
            <input type="radio" name="addressId" value={a.id} checked={a.id === addressId} onChange={() => setAddressId(a.id)} />
            <AddressLines a={a} />
          </label>
        ))}
        {p.addresses.length < p.addressLimit ? (
          <Link className="btn btn-secondary btn-small" to={`${rafflePath('new-address')}?${new URLSearchParams({ returnTo })}`}>
            {t('checkout.addAddress')}
          </Link>
        ) : null}
      </fieldset>

      <div className="card field">
        <label htmlFor={`${id}-remark`}>
          {t('checkout.remark')} <span className="muted small">{t('checkout.optional')}</span>
        </label>
        <textarea
          id={`${id}-remark`}
          rows={2}
          maxLength={ORDER_MAX.remark}
          value={remark}
          placeholder={t('checkout.remarkHint')}
          onChange={(e) => setRemark(e.target.value)}
        />
        <p className="field-hint muted small">{t('checkout.remarkCount', { count: remark.length, max: ORDER_MAX.remark })}</p>
      </div>

      <section className="card mall-total">
        <p>
          {t('total')} <Price fen={total} className="mall-price-strong" />
        </p>
        {addressId ? null : <p className="muted small">{t('checkout.chooseAddress')}</p>}
        <button type="submit" className="btn btn-block" disabled={busy || !addressId}>
          {t('checkout.place')}
        </button>
      </section>
    </form>
  );
}
