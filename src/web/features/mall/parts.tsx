import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Cart, OrderLine, ProductCard } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { formatFen, type OrderState } from '../../../shared/mall-rules';
import { useTranslation } from '../../i18n/react';
import { base as iconBase } from '../../ui/icons';
import { type SignedInData, useSignedInData } from '../accounts/use-signed-in-data';
import { Personal } from '../lottery/personal-states';
import type { MallPaths } from './mall-paths';
import './mall.css';

export const CartIcon = ({ className }: { className?: string }) => (
  <svg {...iconBase} className={className}>
    <path d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
    <circle cx="9.5" cy="19.5" r="1.3" />
    <circle cx="17" cy="19.5" r="1.3" />
  </svg>
);

export const Price = ({ fen, className = '' }: { fen: number; className?: string }) => (
  <span className={`mall-price ${className}`}>{formatFen(fen)}</span>
);

/** The mall's top bar: back to the list, my orders, the cart with its count. */
export function MallNav({ paths, count }: { paths: MallPaths; count: number | null }) {
  const { t } = useTranslation('mall');
  return (
    <nav className="mall-nav" aria-label={t('nav.label')}>
      <Link to={paths.list} className="mall-nav-home">
        {t('title')}
      </Link>
      <Link to={paths.orders()} className="mall-nav-link">
        {t('nav.orders')}
      </Link>
      <Link to={paths.cart} className="mall-nav-cart" aria-label={count ? t('nav.cartCount', { count }) : t('nav.cart')}>
        <CartIcon className="mall-icon" />
        {count ? <span className="mall-cart-count">{count > 99 ? '99+' : count}</span> : null}
      </Link>
    </nav>
  );
}

/**
 * The signed-in member's cart (for the count in the bar and "add to cart"); `set` takes the cart
 * a call answered, so the count follows without asking again.
 */
export function useCart() {
  const { state } = useSignedInData((a) => a.call(MALL_API.cart, undefined, { quiet: true }), []);
  const [latest, setLatest] = useState<Cart | null>(null);
  useEffect(() => {
    if (state.status === 'ready') setLatest(state.data);
    if (state.status === 'signedOut') setLatest(null);
  }, [state]);
  return { cart: latest, count: latest?.count ?? null, set: setLatest };
}

/** − n + ; `onBelowMin` (the cart's "remove") is offered at the lowest value instead of disabling −. */
export function Stepper(p: {
  value: number;
  min: number;
  max: number;
  label: string;
  disabled?: boolean;
  onChange: (n: number) => void;
  onBelowMin?: () => void;
}) {
  const { t } = useTranslation('mall');
  const atMin = p.value <= p.min;
  return (
    <fieldset className="mall-stepper" disabled={p.disabled}>
      <legend className="visually-hidden">{p.label}</legend>
      <button
        type="button"
        className="mall-step"
        aria-label={t('stepper.less')}
        disabled={atMin && !p.onBelowMin}
        onClick={() => (atMin ? p.onBelowMin?.() : p.onChange(p.value - 1))}
      >
        −
      </button>
      <output className="mall-step-value" aria-live="polite">
        {p.value}
      </output>
      <button
        type="button"
        className="mall-step"
        aria-label={t('stepper.more')}
        disabled={p.value >= p.max}
        onClick={() => p.onChange(p.value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}

/** A product in the list: image, name, price, and "sold out" when none is left. */
export function ProductTile({ product, to }: { product: ProductCard; to: string }) {
  const { t } = useTranslation('mall');
  const soldOut = product.stock <= 0;
  return (
    <li className={`mall-tile${soldOut ? ' mall-tile-out' : ''}`}>
      <Link to={to}>
        <span className="mall-tile-image">
          <img src={product.imageUrl} alt="" loading="lazy" width={400} height={400} />
          {soldOut ? <span className="mall-badge-out">{t('soldOut')}</span> : null}
        </span>
        <span className="mall-tile-text">
          <strong>{product.name}</strong>
          <Price fen={product.priceFen} />
        </span>
      </Link>
    </li>
  );
}

/** An order's lines: image, name, unit price × quantity. */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  const { t } = useTranslation('mall');
  return (
    <ul className="mall-lines">
      {lines.map((l) => (
        <li key={l.productId} className="mall-line">
          <img src={l.imageUrl} alt="" loading="lazy" width={64} height={64} />
          <span className="mall-line-text">
            <strong>{l.name}</strong>
            <span className="muted small">
              <Price fen={l.priceFen} /> × {l.quantity}
            </span>
          </span>
          <span className="mall-line-total">{t('lineTotal', { amount: formatFen(l.priceFen * l.quantity) })}</span>
        </li>
      ))}
    </ul>
  );
}

export function OrderStateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation('mall');
  return <span className={`badge mall-state mall-state-${state}`}>{t(`state.${state}`)}</span>;
}

/**
 * The frame of a member's mall page around its data: the raffle's personal frame (sign-in sheet for
 * signed-out visitors, placeholder while loading, the reason when it failed) with the mall's texts.
 */
export function MemberOnly<T>(props: { state: SignedInData<T>; title: string; children: (data: T) => ReactNode }) {
  return <Personal ns="mall" {...props} />;
}
